-- The relay's wake leaves the writer's transaction (#39). A pg_notify inside a transaction makes its
-- commit take PostgreSQL's notify lock, one heavyweight lock for the whole cluster ("database 0",
-- PreCommit_Notify in async.c), held until the transaction ends, across its WAL flush: every batch
-- that created badge jobs waited at commit for every other notifying commit's flush. The writers now
-- wake the print orchestrator on eventops_badge_jobs, with the pool as payload, once their
-- transaction committed (CommitWakes, in a short transaction of its own), and the relay's poll still
-- takes every job whose wake was lost. As V12 otherwise: the trigger enqueues the statement's jobs.
CREATE OR REPLACE FUNCTION badge_job_relay_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO reconciler.badge_job_relay (job_id, created_at, printer_pool, live)
	SELECT job_id, created_at, printer_pool, live FROM new_jobs;
	RETURN NULL;
END
$$;
