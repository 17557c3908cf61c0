# Shared by deploy/offline-images.sh and deploy/compose-smoke.sh (sourced, not run).
# Finds or starts a Docker daemon, installs the Debian packages that are missing, and picks the
# compose command (Compose v2 `docker compose`, else Debian's docker-compose 1.29.2).

# the legacy builder: Engine 20.10's, and the one both CLIs (Debian's 20.10 and a static 28.x
# without the buildx plugin) drive the same way
export DOCKER_BUILDKIT=0
export COMPOSE_DOCKER_CLI_BUILD=0

EVENTOPS_STARTED_DOCKERD=""
EVENTOPS_DOCKERD_LOG="${EVENTOPS_DOCKERD_LOG:-/tmp/eventops-dockerd.log}"
EVENTOPS_DOCKERD_PIDFILE=/var/run/eventops-dockerd.pid

step() {
	printf '\n==> [%s] %s\n' "$(date -u +%H:%M:%S)" "$*"
}

fail() {
	printf 'FAILED: %s\n' "$*" >&2
	exit 1
}

docker_answers() {
	timeout 10 docker info >/dev/null 2>&1
}

# Installs the Debian packages whose command is missing (arguments: command=package ...).
ensure_packages() {
	local missing=() pair
	for pair in "$@"; do
		command -v "${pair%%=*}" >/dev/null 2>&1 || [ -x "/usr/sbin/${pair%%=*}" ] || missing+=("${pair#*=}")
	done
	[ "${#missing[@]}" -eq 0 ] && return 0
	command -v apt-get >/dev/null 2>&1 || fail "missing ${missing[*]} and no apt-get to install them"
	[ "$(id -u)" -eq 0 ] || fail "missing ${missing[*]}: run as root to install them"
	step "installing Debian packages: ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	timeout 600 apt-get -o DPkg::Lock::Timeout=300 install -y -qq "${missing[@]}" >/dev/null \
		|| { timeout 300 apt-get -o DPkg::Lock::Timeout=300 update -qq \
			&& timeout 600 apt-get -o DPkg::Lock::Timeout=300 install -y -qq "${missing[@]}" >/dev/null; } \
		|| fail "could not install ${missing[*]}"
}

# Starts dockerd when no daemon answers; remembers that we did, so stop_dockerd_if_started
# stops exactly that one.
ensure_dockerd() {
	if docker_answers; then
		echo "a Docker daemon answers: $(docker version --format '{{.Server.Version}}' 2>/dev/null)"
		return 0
	fi
	ensure_packages dockerd=docker.io
	[ "$(id -u)" -eq 0 ] || fail "no Docker daemon answers and starting one needs root"
	step "starting dockerd (no Docker daemon answered)"
	# iptables off: this machine lets no one change its firewall; user-defined bridge networks
	# and ports published on 127.0.0.1 (userland proxy) work without it
	dockerd --iptables=false --pidfile "$EVENTOPS_DOCKERD_PIDFILE" >"$EVENTOPS_DOCKERD_LOG" 2>&1 &
	EVENTOPS_STARTED_DOCKERD=$!
	for _ in $(seq 1 60); do
		docker_answers && break
		kill -0 "$EVENTOPS_STARTED_DOCKERD" 2>/dev/null || { tail -20 "$EVENTOPS_DOCKERD_LOG" >&2; fail "dockerd exited"; }
		sleep 1
	done
	docker_answers || fail "dockerd did not answer within 60 s (log: $EVENTOPS_DOCKERD_LOG)"
	echo "dockerd $(docker version --format '{{.Server.Version}}') started (pid $EVENTOPS_STARTED_DOCKERD)"
}

# Stops the daemon ensure_dockerd started (nothing else): an answering daemon makes the tests'
# test-support pick Testcontainers, so CI must not leave one behind.
stop_dockerd_if_started() {
	[ -n "$EVENTOPS_STARTED_DOCKERD" ] || return 0
	local pid="$EVENTOPS_STARTED_DOCKERD"
	EVENTOPS_STARTED_DOCKERD=""
	step "stopping the dockerd this script started (pid $pid)"
	kill -TERM "$pid" 2>/dev/null || true
	for _ in $(seq 1 60); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 1
	done
	if kill -0 "$pid" 2>/dev/null; then
		echo "dockerd did not stop in 60 s: SIGKILL"
		kill -KILL "$pid" 2>/dev/null || true
		sleep 1
	fi
	# a killed daemon leaves its socket and pid file behind
	rm -f /var/run/docker.sock "$EVENTOPS_DOCKERD_PIDFILE"
	if [ -e /var/run/docker.sock ]; then echo "WARNING: /var/run/docker.sock still exists" >&2; fi
}

# COMPOSE=(docker compose) or (docker-compose); installs Debian's docker-compose when neither works.
pick_compose() {
	if [ -n "${EVENTOPS_COMPOSE:-}" ]; then
		read -r -a COMPOSE <<<"$EVENTOPS_COMPOSE"
	elif docker compose version >/dev/null 2>&1; then
		COMPOSE=(docker compose)
	else
		ensure_packages docker-compose=docker-compose
		COMPOSE=(docker-compose)
	fi
	echo "compose: ${COMPOSE[*]} ($("${COMPOSE[@]}" version --short 2>/dev/null || "${COMPOSE[@]}" version | head -1))"
}
