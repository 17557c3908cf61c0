#!/bin/bash
# The official postgres image's start, for Debian's PostgreSQL 15: on an empty data directory
# initdb (superuser POSTGRES_USER with POSTGRES_PASSWORD), create POSTGRES_DB, run
# /docker-entrypoint-initdb.d/*.sh and *.sql on a socket-only server; then run the server.
set -euo pipefail
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
: "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"
export POSTGRES_USER POSTGRES_DB
if [ ! -s "$PGDATA/PG_VERSION" ]; then
	pwfile="$(mktemp)"
	printf '%s' "$POSTGRES_PASSWORD" >"$pwfile"
	initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" -E UTF8 --locale=C.UTF-8 \
		--auth-local=trust --auth-host=scram-sha-256 >/dev/null
	rm -f "$pwfile"
	printf "listen_addresses = '*'\n" >>"$PGDATA/postgresql.conf"
	printf 'host all all 0.0.0.0/0 scram-sha-256\nhost all all ::/0 scram-sha-256\n' >>"$PGDATA/pg_hba.conf"
	pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
	if [ "$POSTGRES_DB" != postgres ]; then
		psql -X -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d postgres -q -c "CREATE DATABASE \"$POSTGRES_DB\""
	fi
	for f in /docker-entrypoint-initdb.d/*; do
		case "$f" in
			*.sh) echo "init: $f"; bash "$f" ;;
			*.sql) echo "init: $f"; psql -X -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d "$POSTGRES_DB" -f "$f" ;;
			*) ;;
		esac
	done
	pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
	echo "PostgreSQL initialised in $PGDATA"
fi
exec postgres -D "$PGDATA" "$@"
