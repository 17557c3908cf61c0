#!/usr/bin/env bash
# The compose smoke (CI runs it after ./mvnw verify): the whole suite in containers from the
# offline images, a badge printed end to end, a sign-in and a search through the help-desk
# console, restarts and a kill under a flushing kiosk agent, Prometheus scraping every service,
# and nothing left behind.
#
#   deploy/compose-smoke.sh                # from any directory, as root (or a docker group user)
#   deploy/compose-smoke.sh --reuse-jars   # the jars of this checkout are built already (CI, after verify)
#   deploy/compose-smoke.sh --reuse-jars --up-after FILE   # build the images, then wait for FILE
#                                          # before compose up (CI: the images build while the
#                                          # browser tests run; .ci/run creates FILE after them)
#   EVENTOPS_COMPOSE=docker-compose deploy/compose-smoke.sh   # force Debian's Compose 1.29.2
#
# Starts dockerd when no daemon answers and stops that daemon again when it ends, success or
# failure (an answering daemon makes test-support pick Testcontainers). Installs the Debian
# packages it needs where missing. All traffic stays on 127.0.0.1 and the compose network;
# only the image builds reach Debian's mirror. Prints each step; exits non-zero on a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
# shellcheck source=deploy/offline/lib.sh
. deploy/offline/lib.sh

REUSE_JARS=0
UP_AFTER=""
while [ "$#" -gt 0 ]; do
	case "$1" in
		--reuse-jars) REUSE_JARS=1 ;;
		--up-after)
			[ "$#" -ge 2 ] || fail "--up-after needs a file"
			UP_AFTER="$2"
			shift
			;;
		*) fail "unknown argument $1 (--reuse-jars, --up-after FILE)" ;;
	esac
	shift
done

STARTED_AT=$(date +%s)
PROJECT=eventops-smoke
EVENT=ev-smoke
WORK="$(mktemp -d /tmp/eventops-compose-smoke.XXXXXX)"
AGENT_PID=""
UP=0
export COMPOSE_PROJECT_NAME="$PROJECT"
export JAVA_HOME="${EVENTOPS_OFFLINE_JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}"
export PATH="$JAVA_HOME/bin:$PATH"

# generated for this run only, never written to the repository
EVENTOPS_OPS_PASSWORD="ops-$(openssl rand -hex 12)"
EVENTOPS_ADMIN_PASSWORD="admin-$(openssl rand -hex 12)"
EVENTOPS_INTERNAL_TOKEN="$(openssl rand -hex 24)"
EVENTOPS_DB_ADMIN_PASSWORD="$(openssl rand -hex 16)"
EVENTOPS_DB_PASSWORD="$(openssl rand -hex 16)"
EVENTOPS_REDIS_PASSWORD="$(openssl rand -hex 16)"
GRAFANA_ADMIN_PASSWORD="$(openssl rand -hex 16)"
export EVENTOPS_OPS_PASSWORD EVENTOPS_ADMIN_PASSWORD EVENTOPS_INTERNAL_TOKEN EVENTOPS_DB_ADMIN_PASSWORD \
	EVENTOPS_DB_PASSWORD EVENTOPS_REDIS_PASSWORD GRAFANA_ADMIN_PASSWORD

# CI runs PostgreSQL and Redis on the host's 5432 and 6379 (.ci/run): publish the compose ones
# elsewhere; every other port is the compose file's own and must be free
export EVENTOPS_POSTGRES_HOST_PORT="${EVENTOPS_POSTGRES_HOST_PORT:-15432}"
export EVENTOPS_REDIS_HOST_PORT="${EVENTOPS_REDIS_HOST_PORT:-16379}"
HOST_PORTS=("$EVENTOPS_POSTGRES_HOST_PORT" "$EVENTOPS_REDIS_HOST_PORT" 8081 9081 8082 9082 8443 9443 8083 9083 9101 9181 9102 9182 9090)

EDGE=https://127.0.0.1:8443
RECON=http://127.0.0.1:8081
PRINT=http://127.0.0.1:8082
CONSOLE=http://127.0.0.1:8083
CA="$WORK/edge-ca.pem"

compose() {
	"${COMPOSE[@]}" -p "$PROJECT" -f "$ROOT/docker-compose.yml" -f "$ROOT/docker-compose.offline.yml" "$@"
}

# the container of a compose service, running or not (both Compose generations label them)
container_of() {
	docker ps -a -q --filter "label=com.docker.compose.project=$PROJECT" \
		--filter "label=com.docker.compose.service=$1" | head -1
}

project_leftovers() {
	{
		docker ps -a -q --filter "label=com.docker.compose.project=$PROJECT"
		docker network ls -q --filter "label=com.docker.compose.project=$PROJECT"
		docker volume ls -q --filter "label=com.docker.compose.project=$PROJECT"
	} 2>/dev/null
}

cleanup() {
	local rc=$?
	set +e
	if [ -n "$AGENT_PID" ] && kill -0 "$AGENT_PID" 2>/dev/null; then
		kill "$AGENT_PID" 2>/dev/null
		wait "$AGENT_PID" 2>/dev/null
	fi
	if [ "$UP" -eq 1 ]; then
		if [ "$rc" -ne 0 ]; then
			step "diagnostics (the smoke failed)"
			compose ps
			compose logs --no-color --tail 40
		fi
		step "compose down -v"
		compose down -v --remove-orphans 2>&1 | tail -3
		local left
		left="$(project_leftovers)"
		if [ -n "$left" ]; then
			echo "FAILED: left behind after down -v: $left" >&2
			rc=1
		else
			echo "no container, network or volume of $PROJECT left"
		fi
	fi
	stop_dockerd_if_started
	rm -rf "$WORK"
	local elapsed=$(($(date +%s) - STARTED_AT))
	if [ "$rc" -eq 0 ]; then
		step "compose smoke PASSED in ${elapsed}s"
	else
		step "compose smoke FAILED (exit $rc) after ${elapsed}s"
	fi
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# curl with the edge's CA; -f: an HTTP error fails the step
edge_curl() {
	curl -sS -f --max-time 30 --cacert "$CA" "$@"
}

# waits until every long-running service is healthy and the one-shots exited 0
wait_healthy() {
	local deadline=$(($(date +%s) + ${1:-300})) service cid state pending
	while :; do
		pending=()
		for service in postgres redis reconciler-service print-orchestrator kiosk-sync-service ops-console printer-1 printer-2 prometheus; do
			cid="$(container_of "$service")"
			state="$( [ -n "$cid" ] && docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}' "$cid")"
			[ "$state" = healthy ] || pending+=("$service=${state:-absent}")
		done
		for service in edge-tls-init register-printers; do
			cid="$(container_of "$service")"
			state="$( [ -n "$cid" ] && docker inspect -f '{{.State.Status}}:{{.State.ExitCode}}' "$cid")"
			[ "$state" = exited:0 ] || pending+=("$service=${state:-absent}")
		done
		[ "${#pending[@]}" -eq 0 ] && return 0
		[ "$(date +%s)" -lt "$deadline" ] || fail "not healthy in time: ${pending[*]}"
		sleep 3
	done
}

wait_service_healthy() {
	local service="$1" deadline=$(($(date +%s) + ${2:-180})) cid
	while :; do
		cid="$(container_of "$service")"
		[ "$(docker inspect -f '{{.State.Health.Status}}' "$cid" 2>/dev/null)" = healthy ] && return 0
		[ "$(date +%s)" -lt "$deadline" ] || fail "$service not healthy in time"
		sleep 2
	done
}

step "tools: curl, jq, openssl, Docker, Compose"
ensure_packages curl=curl jq=jq openssl=openssl
ensure_dockerd
pick_compose
echo "docker client $(docker version --format '{{.Client.Version}}'), engine $(docker version --format '{{.Server.Version}}')"
# a run killed before its cleanup leaves its project behind: start from nothing
if [ -n "$(project_leftovers)" ]; then
	echo "removing what an earlier smoke left"
	compose down -v --remove-orphans >/dev/null 2>&1 || true
fi

step "offline images (deploy/offline-images.sh)"
if [ "$REUSE_JARS" -eq 1 ]; then
	deploy/offline-images.sh --no-jars
else
	deploy/offline-images.sh
fi
AGENT_JAR="$ROOT/kiosk-agent/target/kiosk-agent-0.1.0-SNAPSHOT-cli.jar"
[ -f "$AGENT_JAR" ] || fail "$AGENT_JAR is missing"

# CI builds the images while the browser tests run (issue #40) and brings the suite up only
# once they are over: two suites on two cores at once would slow both and make the browser
# tests' timings the smoke's. Bounded: .ci/run creates the file whatever the browser tests did.
if [ -n "$UP_AFTER" ]; then
	step "images ready in $(($(date +%s) - STARTED_AT))s; waiting for $UP_AFTER before compose up"
	deadline=$(($(date +%s) + 3600))
	until [ -e "$UP_AFTER" ]; do
		[ "$(date +%s)" -lt "$deadline" ] || fail "$UP_AFTER did not appear within an hour"
		sleep 1
	done
	echo "$UP_AFTER is there: the suite comes up"
fi

busy=()
for port in "${HOST_PORTS[@]}"; do
	if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then busy+=("$port"); fi
done
[ "${#busy[@]}" -eq 0 ] || fail "ports in use on 127.0.0.1: ${busy[*]} (the compose file publishes them; stop what listens there)"

step "compose config (both files) and up -d"
compose config -q
UP=1
compose up -d 2>&1 | tail -15
wait_healthy 300
compose ps

step "the edge's CA from the edge-tls volume (docs/runbooks/README.md)"
if [ "${COMPOSE[*]}" = "docker compose" ]; then
	compose cp kiosk-sync-service:/var/lib/eventops/edge-tls/edge-cert.pem "$CA"
else
	# Compose 1.29.2 has no cp: the same file through docker cp
	docker cp "$(container_of kiosk-sync-service):/var/lib/eventops/edge-tls/edge-cert.pem" "$CA"
fi
openssl x509 -in "$CA" -noout -subject -ext subjectAltName | tr '\n' ' '
echo

step "attendees imported into $EVENT (reconciler, 127.0.0.1:8081)"
jq -n '[{attendeeId: "smoke-badge-1", displayName: "Ada Smoke", company: "ACME", tier: "VIP", email: "ada@example.org"}]
	+ [range(1; 41) | {attendeeId: "smoke-att-\(.)", displayName: "Guest \(.)", company: "Venue", tier: "STANDARD", email: "g\(.)@example.org"}]' \
	>"$WORK/attendees.json"
curl -sS -f --max-time 30 -u "admin:$EVENTOPS_ADMIN_PASSWORD" -H 'Content-Type: application/json' \
	--data @"$WORK/attendees.json" "$RECON/admin/v1/events/$EVENT/attendees"
echo

step "a kiosk provisioned through the edge (HTTPS, 127.0.0.1:8443, the CA above)"
TOKEN="$(edge_curl -u "admin:$EVENTOPS_ADMIN_PASSWORD" -H 'Content-Type: application/json' \
	-d "{\"kioskId\":\"smoke-kiosk\",\"eventId\":\"$EVENT\",\"label\":\"compose smoke\",\"printerPool\":\"default\"}" \
	"$EDGE/admin/v1/kiosks" | jq -r .token)"
[ -n "$TOKEN" ] && [ "$TOKEN" != null ] || fail "no kiosk token"
echo "kiosk smoke-kiosk provisioned (token of ${#TOKEN} characters)"

step "a check-in flushed through HTTPS"
now="$(date -u +%Y-%m-%dT%H:%M:%S.000Z)"
answer="$(edge_curl -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
	-d "{\"highestLocalSeq\":1,\"entries\":[{\"seq\":1,\"idempotencyKey\":\"smoke-kiosk:1\",\"type\":\"CHECK_IN\",\"attendeeId\":\"smoke-badge-1\",\"capturedAt\":\"$now\",\"queuedAt\":\"$now\"}]}" \
	"$EDGE/v1/kiosks/smoke-kiosk/flush")"
echo "$answer"
[ "$(jq -r '.results[0].outcome' <<<"$answer")" = APPLIED ] || fail "the check-in was not APPLIED"
[ "$(jq -r '.ackedThroughSeq' <<<"$answer")" = 1 ] || fail "ackedThroughSeq is not 1"
JOB="$(jq -r '.results[0].badgeJobId' <<<"$answer")"
[ -n "$JOB" ] && [ "$JOB" != null ] || fail "no badge job"

step "the badge comes out of a virtual printer container (job $JOB)"
labels() {
	for port in 9181 9182; do curl -sS -f --max-time 10 "http://127.0.0.1:$port/labels"; done
}
deadline=$(($(date +%s) + 120))
until labels | jq -e --arg job "$JOB" 'select(.jobId == $job and .attendeeId == "smoke-badge-1")' >/dev/null; do
	[ "$(date +%s)" -lt "$deadline" ] || fail "no label for job $JOB on printer-1 or printer-2"
	sleep 2
done
labels | jq -c --arg job "$JOB" 'select(.jobId == $job) | {printer, jobId, attendeeId, printedAt}'

step "the help-desk console (127.0.0.1:8083): a form login with its CSRF token, then a search through it"
jar="$WORK/console-cookies"
csrf="$(curl -sS -f --max-time 30 -c "$jar" -b "$jar" "$CONSOLE/api/csrf")"
curl -sS -f --max-time 30 -c "$jar" -b "$jar" -H "$(jq -r '.csrf.headerName + ": " + .csrf.token' <<<"$csrf")" \
	--data-urlencode username=ops --data-urlencode "password=$EVENTOPS_OPS_PASSWORD" "$CONSOLE/login"
found="$(curl -sS -f --max-time 30 -b "$jar" "$CONSOLE/api/events/$EVENT/attendees?q=ada%20smoke")"
[ "$(jq -r '.attendees[0].attendeeId' <<<"$found")" = smoke-badge-1 ] || fail "the console did not find Ada: $found"
echo "signed in as ops; the console found $(jq -c '.attendees[0] | {attendeeId, displayName, checkedIn}' <<<"$found")"

# The agent generates until the kill and the restart below are over and it flushed 10 s more
# through the restarted services (the stop file; at most 300 s): as long as a slow machine
# needs, no longer than a fast one does (a fixed 150 s was a minute of waiting on a quiet one).
step "a kiosk agent keeps flushing (kiosk-agent CLI simulate: 2 kiosks, 2 check-ins/s each, through the restarts)"
(cd "$WORK" && java -XX:TieredStopAtLevel=1 -jar "$AGENT_JAR" simulate --edge-url https://127.0.0.1:8443 \
	--ca-file "$CA" --event-id "$EVENT" --admin-password "$EVENTOPS_ADMIN_PASSWORD" --kiosks 2 \
	--kiosk-prefix smoke-agent --attendee-prefix smoke-att- --attendee-count 40 --rate 2 --duration 300s --stop-file "$WORK/agent-stop" \
	--drain-timeout 5m --backoff-initial 1s --backoff-max 5s --dir "$WORK/agents" --json \
	>"$WORK/simulation.json" 2>"$WORK/simulation.log") &
AGENT_PID=$!
# still generating or draining: the summary is written once, at the end
agent_alive() {
	kill -0 "$AGENT_PID" 2>/dev/null && [ ! -s "$WORK/simulation.json" ]
}
sleep 15
agent_alive || { cat "$WORK/simulation.log" >&2; fail "the kiosk agent stopped early"; }

step "kill -9 the reconciler container while the agent flushes"
agent_alive || fail "the kiosk agent is not running any more: it must flush through this"
RECON_CID="$(container_of reconciler-service)"
restarts_before="$(docker inspect -f '{{.RestartCount}}' "$RECON_CID")"
# SIGKILL to the container's process from outside, as a crash: docker kill would count as a
# manual stop, which the restart policy leaves alone
kill -KILL "$(docker inspect -f '{{.State.Pid}}' "$RECON_CID")"
deadline=$(($(date +%s) + 60))
until [ "$(docker inspect -f '{{.RestartCount}}' "$RECON_CID")" -gt "$restarts_before" ]; do
	[ "$(date +%s)" -lt "$deadline" ] || fail "the reconciler was not restarted by its restart policy"
	sleep 1
done
echo "restarted by the restart policy (restart count $(docker inspect -f '{{.RestartCount}}' "$RECON_CID"))"

# at once, not after the reconciler is back: both happen while the agent still records
# check-ins, however slow the machine is
step "restart the edge while the agent flushes (and the reconciler starts again)"
agent_alive || fail "the kiosk agent is not running any more: it must flush through this"
compose restart kiosk-sync-service 2>&1 | tail -1
wait_service_healthy reconciler-service 300
echo "reconciler-service healthy again"
wait_service_healthy kiosk-sync-service 300
echo "kiosk-sync-service healthy again"
sleep 10
agent_alive || fail "the kiosk agent stopped before the restarts were over"
touch "$WORK/agent-stop"

step "the agent drains: nothing lost"
wait "$AGENT_PID" && agent_rc=0 || agent_rc=$?
AGENT_PID=""
jq -c '{checkIns, acknowledged, pending, deadLetters, drained, outcomes}' "$WORK/simulation.json" \
	|| { cat "$WORK/simulation.log" >&2; fail "no simulation summary"; }
[ "$agent_rc" -eq 0 ] || { tail -20 "$WORK/simulation.log" >&2; fail "the kiosk agent reports a loss (exit $agent_rc)"; }
jq -e '.drained and .pending == 0 and .deadLetters == 0 and .checkIns > 100 and .acknowledged == .checkIns' \
	"$WORK/simulation.json" >/dev/null || fail "the simulation did not drain every check-in"

step "watermarks through the edge's admin API: every agent kiosk at its last seq, no backlog, no gaps"
edge_curl -u "ops:$EVENTOPS_OPS_PASSWORD" "$EDGE/admin/v1/kiosks" >"$WORK/kiosks.json"
for kiosk in $(jq -r '.kiosks[].kioskId' "$WORK/simulation.json") smoke-kiosk; do
	if [ "$kiosk" = smoke-kiosk ]; then
		last=1
	else
		last="$(jq -r --arg k "$kiosk" '.kiosks[] | select(.kioskId == $k) | .lastSeq' "$WORK/simulation.json")"
	fi
	jq -e --arg k "$kiosk" --argjson last "$last" '.[] | select(.kioskId == $k)
		| .contiguousThroughSeq == $last and .highestSeenSeq == $last and .highestLocalSeqReported == $last
			and .backlog == 0 and (.gaps | length) == 0' "$WORK/kiosks.json" >/dev/null \
		|| fail "$kiosk: watermark wrong: $(jq -c --arg k "$kiosk" '.[] | select(.kioskId == $k)' "$WORK/kiosks.json"), expected $last"
	echo "$kiosk: contiguousThroughSeq = highestSeenSeq = highestLocalSeqReported = $last, backlog 0, no gaps"
done

step "one badge per checked-in attendee, every badge printed"
headcount="$(curl -sS -f --max-time 30 -u "ops:$EVENTOPS_OPS_PASSWORD" "$RECON/admin/v1/events/$EVENT/headcount")"
echo "headcount $headcount"
jq -e '.checkedIn >= 2 and .checkedIn <= 41 and .badgeJobs == .checkedIn' <<<"$headcount" >/dev/null \
	|| fail "headcount and badge jobs disagree"
jobs="$(jq -r .badgeJobs <<<"$headcount")"
deadline=$(($(date +%s) + 180))
until [ "$(labels | jq -r 'select(.attendeeId | startswith("smoke-")) | .jobId' | sort -u | wc -l)" -ge "$jobs" ]; do
	[ "$(date +%s)" -lt "$deadline" ] \
		|| fail "printed $(labels | jq -r .jobId | sort -u | wc -l) distinct jobs of $jobs: $(curl -s -u "ops:$EVENTOPS_OPS_PASSWORD" "$PRINT/admin/v1/print-jobs/summary")"
	sleep 3
done
echo "print jobs $(curl -sS -f --max-time 30 -u "ops:$EVENTOPS_OPS_PASSWORD" "$PRINT/admin/v1/print-jobs/summary")"
echo "labels: $(labels | jq -r .jobId | sort -u | wc -l) distinct jobs on printer-1 and printer-2"

step "Prometheus scrapes every service (its HTTP API, 127.0.0.1:9090)"
deadline=$(($(date +%s) + 90))
until curl -sS -f --max-time 10 http://127.0.0.1:9090/api/v1/targets >"$WORK/targets.json" \
	&& jq -e '[.data.activeTargets[] | select(.health == "up") | .labels.job] | unique
		== ["kiosk-sync-service", "print-orchestrator", "reconciler-service"]' "$WORK/targets.json" >/dev/null \
	&& jq -e '[.data.activeTargets[] | select(.health != "up")] | length == 0' "$WORK/targets.json" >/dev/null; do
	[ "$(date +%s)" -lt "$deadline" ] \
		|| fail "targets not all up: $(jq -c '[.data.activeTargets[] | {job: .labels.job, health, lastError}]' "$WORK/targets.json")"
	sleep 3
done
jq -r '.data.activeTargets[] | "\(.labels.job) \(.scrapeUrl) \(.health)"' "$WORK/targets.json"
# the alert rules are loaded, and one of the suite's own metrics arrived
curl -sS -f --max-time 10 http://127.0.0.1:9090/api/v1/rules | jq -e '.data.groups | length > 0' >/dev/null \
	|| fail "Prometheus has no alert rules"
curl -sS -f --max-time 10 -G http://127.0.0.1:9090/api/v1/query --data-urlencode 'query=count(eventops_edge_kiosk_recorded_backlog)' \
	| jq -e '.data.result | length == 1' >/dev/null || fail "no eventops_edge_kiosk_recorded_backlog in Prometheus"
echo "alert rules loaded; eventops_edge_kiosk_recorded_backlog scraped"

step "down -v leaves nothing behind"
UP=0
compose down -v --remove-orphans 2>&1 | tail -3
left="$(project_leftovers)"
[ -z "$left" ] || fail "left behind after down -v: $left"
echo "no container, network or volume of $PROJECT left"
