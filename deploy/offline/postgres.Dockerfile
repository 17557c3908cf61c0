# PostgreSQL 15 from Debian bookworm, started like the official image: POSTGRES_USER,
# POSTGRES_PASSWORD and POSTGRES_DB, and /docker-entrypoint-initdb.d/* on the first start of
# an empty data directory (postgres-entrypoint.sh).
ARG BASE=eventops-offline/debian:bookworm
FROM ${BASE}
RUN mkdir -p /etc/postgresql-common \
	&& echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf \
	&& apt-get update -qq \
	&& apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null \
	&& rm -rf /var/lib/apt/lists/* \
	&& mkdir -p /var/lib/postgresql/data /var/run/postgresql /docker-entrypoint-initdb.d \
	&& chown postgres:postgres /var/lib/postgresql/data /var/run/postgresql \
	&& chmod 700 /var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint.sh
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data LANG=C.UTF-8
USER postgres
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["/usr/local/bin/postgres-entrypoint.sh"]
