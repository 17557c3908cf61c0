#!/bin/sh
# First start of the compose stack's PostgreSQL volume: the services' roles and grants
# (k8s/base/postgres/roles.sql, the same script the Kubernetes job runs), each role with the
# password EVENTOPS_DB_PASSWORD.
set -eu
psql -X -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" -f /eventops/roles.sql
psql -X -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
	-v reconciler="$EVENTOPS_DB_PASSWORD" -v orchestrator="$EVENTOPS_DB_PASSWORD" \
	-v edge="$EVENTOPS_DB_PASSWORD" -v ops="$EVENTOPS_DB_PASSWORD" -f /eventops/passwords.sql
