-- Least-privilege PostgreSQL roles of the Event Ops Suite. Run as a superuser (or the managed
-- database's admin role) in the suite's database, before the services' migrations; it is
-- idempotent and safe to run again at every release, also next to a run in another database
-- of the same cluster (roles are cluster-wide). Passwords are set by whoever runs it
-- (k8s/base/db-roles-job.yaml, deploy/postgres/init-roles.sh), never stored here.
--
--   eventops_reconciler    owns schema reconciler (migrates and uses it); nothing else
--   eventops_orchestrator  owns schema printing; in schema reconciler only EXECUTE on the
--                          SECURITY DEFINER functions the relay calls (take_from_badge_job_outbox, ...)
--   eventops_edge          owns schema edge; nothing else
--   eventops_ops           reads every schema (runbooks, the toolbox); writes nothing
\set ON_ERROR_STOP on

-- one run at a time per database; CREATE ROLE races across databases are caught below
SELECT pg_advisory_lock(hashtext('eventops-roles'));

DO $roles$
DECLARE
	role_name text;
BEGIN
	FOREACH role_name IN ARRAY ARRAY['eventops_reconciler', 'eventops_orchestrator', 'eventops_edge', 'eventops_ops'] LOOP
		BEGIN
			IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = role_name) THEN
				EXECUTE format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION', role_name);
			END IF;
		EXCEPTION WHEN duplicate_object OR unique_violation THEN
			-- created meanwhile by a run in another database
			NULL;
		END;
	END LOOP;
END
$roles$;

-- The schemas exist before the first migration, owned by their service, so that Flyway (run as
-- that service) creates every object as the owner. Objects an earlier release created as another
-- user are handed over.
DO $schemas$
DECLARE
	owners CONSTANT text[][] := ARRAY[['reconciler', 'eventops_reconciler'], ['printing', 'eventops_orchestrator'],
		['edge', 'eventops_edge']];
	schema_name text;
	owner_name text;
	object record;
BEGIN
	FOR i IN 1 .. array_length(owners, 1) LOOP
		schema_name := owners[i][1];
		owner_name := owners[i][2];
		EXECUTE format('CREATE SCHEMA IF NOT EXISTS %I AUTHORIZATION %I', schema_name, owner_name);
		EXECUTE format('ALTER SCHEMA %I OWNER TO %I', schema_name, owner_name);
		FOR object IN
			SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
			WHERE n.nspname = schema_name AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
				AND pg_get_userbyid(c.relowner) <> owner_name
		LOOP
			EXECUTE format('ALTER %s %I.%I OWNER TO %I',
				CASE object.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
					WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END,
				schema_name, object.relname, owner_name);
		END LOOP;
		FOR object IN
			SELECT p.oid::regprocedure AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
			WHERE n.nspname = schema_name AND pg_get_userbyid(p.proowner) <> owner_name
		LOOP
			EXECUTE format('ALTER ROUTINE %s OWNER TO %I', object.signature, owner_name);
		END LOOP;
	END LOOP;
END
$schemas$;

-- Nobody may create objects elsewhere, or in a schema not their own.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
REVOKE ALL ON SCHEMA reconciler, printing, edge FROM PUBLIC;

-- Functions are executable by PUBLIC by default; the reconciler's functions only by the
-- orchestrator, whose relay takes badge jobs through them (SECURITY DEFINER: no table grants).
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA reconciler FROM PUBLIC;
ALTER DEFAULT PRIVILEGES FOR ROLE eventops_reconciler REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;
GRANT USAGE ON SCHEMA reconciler TO eventops_orchestrator;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA reconciler TO eventops_orchestrator;
ALTER DEFAULT PRIVILEGES FOR ROLE eventops_reconciler IN SCHEMA reconciler
	GRANT EXECUTE ON FUNCTIONS TO eventops_orchestrator;

-- Ops read everything, now and after later migrations, and change nothing.
GRANT USAGE ON SCHEMA reconciler, printing, edge TO eventops_ops;
GRANT SELECT ON ALL TABLES IN SCHEMA reconciler TO eventops_ops;
GRANT SELECT ON ALL TABLES IN SCHEMA printing TO eventops_ops;
GRANT SELECT ON ALL TABLES IN SCHEMA edge TO eventops_ops;
ALTER DEFAULT PRIVILEGES FOR ROLE eventops_reconciler IN SCHEMA reconciler GRANT SELECT ON TABLES TO eventops_ops;
ALTER DEFAULT PRIVILEGES FOR ROLE eventops_orchestrator IN SCHEMA printing GRANT SELECT ON TABLES TO eventops_ops;
ALTER DEFAULT PRIVILEGES FOR ROLE eventops_edge IN SCHEMA edge GRANT SELECT ON TABLES TO eventops_ops;
ALTER ROLE eventops_ops SET default_transaction_read_only = on;

SELECT pg_advisory_unlock(hashtext('eventops-roles'));
