#!/usr/bin/env bash
# Builds every image docker-compose.offline.yml runs, with no container registry: a Debian
# bookworm base from debootstrap (docker import), PostgreSQL, Redis and Prometheus from
# Debian's packages, a Java base with this machine's Temurin JDK 25, and the three services and
# the virtual printer from the jars of this checkout (./mvnw package, never install).
#
#   deploy/offline-images.sh               # from the repository root, as root (or a docker group user)
#   deploy/offline-images.sh --no-jars     # the jars are built already (<module>/target)
#   deploy/offline-images.sh --rebuild     # rebuild the base images too
#
# Idempotent: the base images are kept and reused (their Debian layers cache in the daemon);
# only the four images of the suite are rebuilt from the current jars. Starts dockerd when no
# daemon answers and leaves it running (deploy/compose-smoke.sh stops the one it started).
# Needs: network access to Debian's mirror (deb.debian.org) for debootstrap and apt-get.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
# shellcheck source=deploy/offline/lib.sh
. deploy/offline/lib.sh

BUILD_JARS=1
REBUILD=0
for arg in "$@"; do
	case "$arg" in
		--no-jars) BUILD_JARS=0 ;;
		--rebuild) REBUILD=1 ;;
		*) fail "unknown argument $arg (--no-jars, --rebuild)" ;;
	esac
done

JDK="${EVENTOPS_OFFLINE_JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}"
SUITE="${SUITE:-bookworm}"
MIRROR="${EVENTOPS_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
VERSION="0.1.0-SNAPSHOT"
DEBIAN_IMAGE=eventops-offline/debian:bookworm
TOOLS_IMAGE=eventops-offline/tools:bookworm
POSTGRES_IMAGE=eventops-offline/postgres:15
REDIS_IMAGE=eventops-offline/redis:7
PROMETHEUS_IMAGE=eventops-offline/prometheus:2
JAVA_IMAGE=eventops-offline/java:25

have_image() {
	[ "$REBUILD" -eq 0 ] && docker image inspect "$1" >/dev/null 2>&1
}

# docker build from deploy/offline (the legacy builder; --network host so that apt-get reaches
# Debian's mirror; the containers themselves never need a network beyond the compose one)
build_from_dir() {
	local image="$1" dockerfile="$2"
	logged "$image" docker build --network host -t "$image" -f "deploy/offline/$dockerfile" deploy/offline
	echo "built $image"
}

# runs a command with its output in a log file, shown when it fails
logged() {
	local log
	log="/tmp/eventops-build-$(echo "$1" | tr '/:' '__').log"
	shift
	"$@" >"$log" 2>&1 || { tail -30 "$log" >&2; fail "$* (log: $log)"; }
}

ensure_packages debootstrap=debootstrap
ensure_dockerd

step "Debian $SUITE base image ($DEBIAN_IMAGE)"
if have_image "$DEBIAN_IMAGE"; then
	echo "present: $DEBIAN_IMAGE"
else
	rootfs="$(mktemp -d /tmp/eventops-rootfs.XXXXXX)"
	trap 'rm -rf "$rootfs"' EXIT
	debootstrap --variant=minbase "$SUITE" "$rootfs" "$MIRROR" >/tmp/eventops-debootstrap.log 2>&1 \
		|| { tail -20 /tmp/eventops-debootstrap.log >&2; fail "debootstrap failed (log: /tmp/eventops-debootstrap.log)"; }
	# what Debian's official image does: updates and security, no recommends, no services
	# started by package scripts during a build, no apt caches in the layers
	cat >"$rootfs/etc/apt/sources.list" <<-EOF
		deb $MIRROR $SUITE main
		deb $MIRROR $SUITE-updates main
		deb http://deb.debian.org/debian-security $SUITE-security main
	EOF
	printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' >"$rootfs/etc/apt/apt.conf.d/90eventops"
	printf '#!/bin/sh\nexit 101\n' >"$rootfs/usr/sbin/policy-rc.d"
	chmod +x "$rootfs/usr/sbin/policy-rc.d"
	rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
	tar -C "$rootfs" -c . | docker import -c 'CMD ["/bin/bash"]' -c 'ENV LANG=C.UTF-8' - "$DEBIAN_IMAGE" >/dev/null
	rm -rf "$rootfs"
	trap - EXIT
	echo "imported $DEBIAN_IMAGE"
fi

step "images from Debian packages (tools, PostgreSQL 15, Redis 7, Prometheus)"
have_image "$TOOLS_IMAGE" && echo "present: $TOOLS_IMAGE" || build_from_dir "$TOOLS_IMAGE" tools.Dockerfile
have_image "$POSTGRES_IMAGE" && echo "present: $POSTGRES_IMAGE" || build_from_dir "$POSTGRES_IMAGE" postgres.Dockerfile
have_image "$REDIS_IMAGE" && echo "present: $REDIS_IMAGE" || build_from_dir "$REDIS_IMAGE" redis.Dockerfile
have_image "$PROMETHEUS_IMAGE" && echo "present: $PROMETHEUS_IMAGE" || build_from_dir "$PROMETHEUS_IMAGE" prometheus.Dockerfile

step "Java base image ($JAVA_IMAGE) from $JDK"
jdk_release="$(sed -n 's/^JAVA_RUNTIME_VERSION="\(.*\)"/\1/p' "$JDK/release")"
[ -n "$jdk_release" ] || fail "no JDK at $JDK (set EVENTOPS_OFFLINE_JDK)"
if have_image "$JAVA_IMAGE" \
	&& [ "$(docker image inspect -f '{{index .Config.Labels "eventops.jdk"}}' "$JAVA_IMAGE")" = "$jdk_release" ]; then
	echo "present: $JAVA_IMAGE (JDK $jdk_release)"
else
	# the context is a tar stream of the Dockerfile and the JDK (no copy on disk)
	tar -c -C deploy/offline java.Dockerfile -C "$(dirname "$JDK")" \
		--exclude=lib/src.zip --exclude=include --exclude=man --exclude=demo \
		--transform "s,^$(basename "$JDK"),jdk," "$(basename "$JDK")" \
		| logged "$JAVA_IMAGE" docker build --label "eventops.jdk=$jdk_release" -t "$JAVA_IMAGE" -f java.Dockerfile -
	echo "built $JAVA_IMAGE (JDK $jdk_release)"
fi

if [ "$BUILD_JARS" -eq 1 ]; then
	step "jars of this checkout (./mvnw -q -DskipTests package)"
	export JAVA_HOME="$JDK"
	export PATH="$JAVA_HOME/bin:$PATH"
	./mvnw -q -B -DskipTests package \
		-pl reconciler-service,print-orchestrator,kiosk-sync-service,ops-console,printer-driver-zpl,kiosk-agent -am
fi

step "images of the suite (eventops/<module>:$VERSION)"
declare -A JARS=(
	[reconciler-service]="reconciler-service/target/reconciler-service-$VERSION-exec.jar"
	[print-orchestrator]="print-orchestrator/target/print-orchestrator-$VERSION-exec.jar"
	[kiosk-sync-service]="kiosk-sync-service/target/kiosk-sync-service-$VERSION-exec.jar"
	[ops-console]="ops-console/target/ops-console-$VERSION-exec.jar"
	[printer-driver-zpl]="printer-driver-zpl/target/printer-driver-zpl-$VERSION-virtual-printer.jar"
)
for module in reconciler-service print-orchestrator kiosk-sync-service ops-console printer-driver-zpl; do
	jar="${JARS[$module]}"
	[ -f "$jar" ] || fail "$jar is missing: build the jars first (drop --no-jars)"
	# context: the Dockerfile and the jar as app.jar, streamed
	tar -c -C deploy/offline app.Dockerfile -C "$ROOT/$(dirname "$jar")" \
		--transform "s,^$(basename "$jar")\$,app.jar," "$(basename "$jar")" \
		| logged "$module" docker build --build-arg "TITLE=$module" --build-arg "VERSION=$VERSION" \
			-t "eventops/$module:$VERSION" -f app.Dockerfile -
	echo "built eventops/$module:$VERSION from $jar"
done
# earlier builds of the suite's images, now untagged (only those: the label is app.Dockerfile's)
docker image prune -f --filter label=eventops.offline=app >/dev/null

step "offline images ready"
docker image ls --format '{{.Repository}}:{{.Tag}}  {{.Size}}' | grep -E '^eventops(-offline)?/' | sort
