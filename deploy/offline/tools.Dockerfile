# Debian with curl and wget: the compose file's one-shots (edge-tls-init, register-printers) and
# the base of the Prometheus image. Built with --network host: apt-get reaches Debian's mirror.
ARG BASE=eventops-offline/debian:bookworm
FROM ${BASE}
RUN apt-get update -qq \
	&& apt-get install -y -qq --no-install-recommends curl wget ca-certificates >/dev/null \
	&& rm -rf /var/lib/apt/lists/*
