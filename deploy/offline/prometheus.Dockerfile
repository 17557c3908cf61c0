# Prometheus from Debian bookworm, laid out like prom/prometheus: ENTRYPOINT the server, data
# in /prometheus, the compose file's command gives --config.file and retention.
ARG BASE=eventops-offline/tools:bookworm
FROM ${BASE}
RUN apt-get update -qq \
	&& apt-get install -y -qq --no-install-recommends prometheus >/dev/null \
	&& rm -rf /var/lib/apt/lists/* \
	&& mkdir -p /prometheus && chown prometheus:prometheus /prometheus
USER prometheus
WORKDIR /prometheus
EXPOSE 9090
ENTRYPOINT ["/usr/bin/prometheus"]
CMD ["--config.file=/etc/prometheus/prometheus.yml", "--storage.tsdb.path=/prometheus"]
