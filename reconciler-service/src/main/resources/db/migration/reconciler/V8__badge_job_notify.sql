-- The print orchestrator's relay wakes on eventops_badge_jobs, with the pool as payload, when new
-- badge jobs commit. The trigger that enqueues a statement's jobs for the relay now sends it too,
-- once per pool the statement created jobs for, as it already covers every path that creates a
-- job. The writers used to send it themselves with one more statement, which a kiosk's batch ran
-- while it held its check-in rows, and so other batches waited for that round trip as well.
-- PostgreSQL delivers the notification at commit and drops it on rollback, as before.
CREATE OR REPLACE FUNCTION badge_job_relay_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO reconciler.badge_job_relay (job_id, created_at, printer_pool)
	SELECT job_id, created_at, printer_pool FROM new_jobs;
	PERFORM pg_notify('eventops_badge_jobs', pool) FROM (SELECT DISTINCT printer_pool FROM new_jobs) AS pools (pool);
	RETURN NULL;
END
$$;
