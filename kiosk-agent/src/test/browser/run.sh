#!/usr/bin/env bash
# The kiosk screen's browser tests, in one command (CI runs it after ./mvnw verify):
#   kiosk-agent/src/test/browser/run.sh
# Arguments go to node --test, e.g. --test-name-pattern=idle for one test; a first argument
# --reuse-jars uses the jars and test classpath that ./mvnw verify (or package) of this checkout
# just wrote (target/browser-classpath.txt, written in kiosk-agent's package phase) instead of
# building them again (CI, after verify).
# Installs the npm packages from the lockfile (npm ci) and Debian's Chromium where missing, builds
# the suite's jars (tests skipped), starts the browser stack (the local stack's suite on embedded
# PostgreSQL and Redis, virtual printers, and kiosk-agent serve; BrowserStack.java), runs the
# Playwright tests in Chromium, stops the stack. Exits non-zero when a test fails.
# Screenshots: kiosk-agent/docs/screenshots/. Logs: kiosk-agent/target/browser-stack/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"
if [ -z "${JAVA_HOME:-}" ] && [ -d /usr/lib/jvm/temurin-25-jdk-amd64 ]; then
	export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
fi
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
reuse_jars=0
if [ "${1:-}" = --reuse-jars ]; then
	reuse_jars=1
	shift
fi
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"

if [ ! -x "$CHROMIUM" ]; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		(timeout 600 apt-get install -y -qq chromium >/dev/null 2>&1) \
			|| (timeout 300 apt-get update -qq && timeout 600 apt-get install -y -qq chromium >/dev/null)
	else
		echo "the browser tests need Chromium: sudo apt-get install -y chromium" >&2
		exit 1
	fi
fi

cd "$here"
npm ci --no-audit --no-fund --loglevel=error

cd "$root"
# the services' executable jars (the stack runs them as the local stack does) and the agent's
# test classpath; the Maven build itself needs no Node
if [ "$reuse_jars" -eq 1 ] && [ -s "$root/kiosk-agent/target/browser-classpath.txt" ] \
	&& [ -d "$root/kiosk-agent/target/test-classes" ]; then
	echo "reusing the jars and test classpath of this checkout's build (--reuse-jars)"
else
	./mvnw -q -B -DskipTests package dependency:build-classpath -Dmdep.includeScope=test \
		-Dmdep.outputFile=target/browser-classpath.txt \
		-pl kiosk-agent,local-stack,kiosk-sync-service,reconciler-service,print-orchestrator -am
fi

work="$root/kiosk-agent/target/browser-stack"
mkdir -p "$root/kiosk-agent/target"
ready="$root/kiosk-agent/target/browser-stack.json"
rm -f "$ready"
classpath="$root/kiosk-agent/target/test-classes:$root/kiosk-agent/target/classes:$(cat "$root/kiosk-agent/target/browser-classpath.txt")"
"$java" -cp "$classpath" io.eventops.agent.screen.BrowserStack "$ready" "$root" \
	>"$root/kiosk-agent/target/browser-stack.log" 2>&1 &
stack=$!
cleanup() {
	if kill -0 "$stack" 2>/dev/null; then
		kill -TERM "$stack" 2>/dev/null || true
		for _ in $(seq 1 60); do kill -0 "$stack" 2>/dev/null || break; sleep 1; done
		kill -KILL "$stack" 2>/dev/null || true
	fi
}
trap cleanup EXIT

for _ in $(seq 1 900); do
	[ -s "$ready" ] && break
	if ! kill -0 "$stack" 2>/dev/null; then
		echo "the browser stack did not start:" >&2
		tail -n 60 "$root/kiosk-agent/target/browser-stack.log" >&2
		exit 1
	fi
	sleep 1
done
if [ ! -s "$ready" ]; then
	echo "the browser stack was not ready after 15 minutes" >&2
	tail -n 60 "$root/kiosk-agent/target/browser-stack.log" >&2
	exit 1
fi

cd "$here"
set +e
# --test-force-exit and the timeout: a test that timed out can leave a browser call pending, and
# node would wait for it for ever (seen: a paused page clock under axe-core's timers)
STACK_FILE="$ready" SCREENSHOTS="$root/kiosk-agent/docs/screenshots" \
	timeout --kill-after=30 1200 node --test --test-force-exit --test-concurrency=1 --test-reporter=spec "$@" tests/
status=$?
set -e
if [ "$status" -ne 0 ]; then
	echo "browser tests failed; agent log: $work/agent.log, stack log: $root/kiosk-agent/target/browser-stack.log" >&2
fi
exit "$status"
