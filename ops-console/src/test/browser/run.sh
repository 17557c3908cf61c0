#!/usr/bin/env bash
# The help-desk console's browser tests, in one command:
#   ops-console/src/test/browser/run.sh
# Arguments go to node --test, e.g. --test-name-pattern=printers for one test; a first argument
# --reuse-jars uses the jars and test classpath that ./mvnw verify (or package) of this checkout
# just wrote (ops-console/target/browser-classpath.txt, written in ops-console's package phase)
# instead of building them again (CI, after verify).
# Installs the npm packages from the lockfile (npm ci) and Debian's Chromium where missing, builds
# the suite's jars (tests skipped), starts the browser stack (the local stack's suite with the
# console on embedded PostgreSQL and Redis, virtual printers; ConsoleBrowserStack.java), runs the
# Playwright tests in Chromium, stops the stack. Exits non-zero when a test fails.
# Screenshots: ops-console/docs/screenshots/. Logs: ops-console/target/browser-stack/.
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
# the services' and the console's executable jars (the stack runs them as the local stack does)
# and the console's test classpath; the Maven build itself needs no Node
if [ "$reuse_jars" -eq 1 ] && [ -s "$root/ops-console/target/browser-classpath.txt" ] \
	&& [ -d "$root/ops-console/target/test-classes" ]; then
	echo "reusing the jars and test classpath of this checkout's build (--reuse-jars)"
else
	./mvnw -q -B -DskipTests package \
		-pl ops-console,local-stack,kiosk-sync-service,reconciler-service,print-orchestrator -am
fi

mkdir -p "$root/ops-console/target"
ready="$root/ops-console/target/browser-stack.json"
log="$root/ops-console/target/browser-stack.log"
rm -f "$ready"
classpath="$root/ops-console/target/test-classes:$root/ops-console/target/classes:$(cat "$root/ops-console/target/browser-classpath.txt")"
"$java" -cp "$classpath" io.eventops.console.browser.ConsoleBrowserStack "$ready" "$root" >"$log" 2>&1 &
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
		tail -n 60 "$log" >&2
		exit 1
	fi
	sleep 1
done
if [ ! -s "$ready" ]; then
	echo "the browser stack was not ready after 15 minutes" >&2
	tail -n 60 "$log" >&2
	exit 1
fi

cd "$here"
set +e
STACK_FILE="$ready" SCREENSHOTS="$root/ops-console/docs/screenshots" \
	timeout --kill-after=30 900 node --test --test-force-exit --test-concurrency=1 --test-reporter=spec "$@" tests/
status=$?
set -e
if [ "$status" -ne 0 ]; then
	echo "browser tests failed; stack log: $log, service logs: $root/ops-console/target/browser-stack/suite/logs/" >&2
fi
exit "$status"
