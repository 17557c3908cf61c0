-- The orchestrator takes badge jobs per printer pool and only as many as its printers have room
-- for. Copying every new job into the print ledger at once made a reconnect herd pay for a ledger
-- row per job inside its flush window (the print path held still, the herd used 364 instead of
-- 432 us of CPU per entry) for jobs that printers reach minutes later. Taken per pool, one
-- hall's stopped printers never hold back another hall's badges. Untaken
-- jobs stay here, where badge_job_backlog() and untaken_badge_jobs() show them.
ALTER TABLE badge_job_relay ADD COLUMN printer_pool text;

UPDATE badge_job_relay r SET printer_pool = j.printer_pool FROM badge_jobs j WHERE j.job_id = r.job_id;

ALTER TABLE badge_job_relay ALTER COLUMN printer_pool SET NOT NULL;

CREATE INDEX badge_job_relay_pool_idx ON badge_job_relay (printer_pool, created_at, job_id);

-- Jobs are taken per pool now; the global order index would only cost an insert and a delete per
-- job. take_badge_jobs(int) sorts the (small) table instead while an old orchestrator runs.
DROP INDEX badge_job_relay_order_idx;

CREATE OR REPLACE FUNCTION badge_job_relay_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO reconciler.badge_job_relay (job_id, created_at, printer_pool)
	SELECT job_id, created_at, printer_pool FROM new_jobs;
	RETURN NULL;
END
$$;

-- Removes up to max_jobs of the oldest untaken jobs of one pool and returns them as feed rows;
-- otherwise as take_badge_jobs(int), which stays for an orchestrator of the previous release.
CREATE FUNCTION take_badge_jobs(max_jobs int, pool text) RETURNS SETOF badge_job_feed LANGUAGE sql
	SECURITY DEFINER SET search_path = reconciler, pg_temp AS $$
	WITH taken AS (
		DELETE FROM reconciler.badge_job_relay r
		WHERE r.job_id = ANY (ARRAY(SELECT job_id FROM reconciler.badge_job_relay WHERE printer_pool = pool
			ORDER BY created_at, job_id LIMIT max_jobs FOR UPDATE SKIP LOCKED))
		RETURNING r.job_id)
	SELECT f.* FROM reconciler.badge_job_feed f WHERE f.job_id = ANY (ARRAY(SELECT job_id FROM taken))
	ORDER BY f.created_at, f.job_id
$$;

-- Untaken jobs per pool: the print backlog that is not in the ledger yet.
CREATE FUNCTION badge_job_backlog() RETURNS TABLE (printer_pool text, jobs bigint) LANGUAGE sql STABLE
	SECURITY DEFINER SET search_path = reconciler, pg_temp AS $$
	SELECT r.printer_pool, count(*) FROM reconciler.badge_job_relay r GROUP BY r.printer_pool
$$;

-- An attendee's untaken jobs, for ops asking where a badge is.
CREATE FUNCTION untaken_badge_jobs(attendee text) RETURNS SETOF badge_job_feed LANGUAGE sql STABLE
	SECURITY DEFINER SET search_path = reconciler, pg_temp AS $$
	SELECT f.* FROM reconciler.badge_job_feed f
	WHERE f.attendee_id = attendee AND EXISTS (SELECT 1 FROM reconciler.badge_job_relay r WHERE r.job_id = f.job_id)
	ORDER BY f.created_at, f.job_id
$$;
