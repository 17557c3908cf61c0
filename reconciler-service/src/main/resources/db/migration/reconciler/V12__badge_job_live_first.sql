-- Live badge jobs ahead of a backlog's in the orchestrator's take order (issue #24). When the
-- venue network comes back, every kiosk's outage backlog turns into badge jobs at once, and a pool's
-- jobs were taken oldest first: the badge of an attendee standing at an online kiosk waited behind
-- all of them. A job is live when its check-in was captured within 30 s of being applied (the
-- check-in path sets it, CheckInWriter): the person is still at the kiosk. A backlog's entries
-- were captured minutes earlier. A kiosk whose clock is off by more than 30 s gets no priority
-- (neither behind nor ahead), as before this migration.
ALTER TABLE badge_jobs ADD COLUMN live boolean NOT NULL DEFAULT false;

ALTER TABLE badge_job_relay ADD COLUMN live boolean NOT NULL DEFAULT false;

CREATE INDEX badge_job_relay_live_idx ON badge_job_relay (printer_pool, created_at, job_id) WHERE live;

CREATE OR REPLACE FUNCTION badge_job_relay_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO reconciler.badge_job_relay (job_id, created_at, printer_pool, live)
	SELECT job_id, created_at, printer_pool, live FROM new_jobs;
	PERFORM pg_notify('eventops_badge_jobs', pool) FROM (SELECT DISTINCT printer_pool FROM new_jobs) AS pools (pool);
	RETURN NULL;
END
$$;

-- As take_from_badge_job_outbox(int, text) (V11), live jobs first: up to max_jobs untaken jobs of one pool, the
-- live ones created at most live_ahead after the pool's oldest untaken job first (oldest first
-- among them), then the oldest. No backlog job starves: a live job overtakes only jobs at most
-- live_ahead older than itself, so once the oldest untaken job has waited live_ahead, new live jobs
-- queue behind it again. A live_ahead of zero is the oldest-first order. Returned in take order.
-- Concurrent takes skip each other's rows (SKIP LOCKED), as before; a job is taken once.
CREATE FUNCTION take_from_badge_job_outbox(max_jobs int, pool text, live_ahead interval) RETURNS SETOF badge_job_feed
	LANGUAGE sql SECURITY DEFINER SET search_path = reconciler, pg_temp AS $$
	WITH bound AS (
		SELECT min(r.created_at) + live_ahead AS live_until FROM reconciler.badge_job_relay r
		WHERE r.printer_pool = pool
	), live AS (
		SELECT r.job_id, r.created_at FROM reconciler.badge_job_relay r
		WHERE r.printer_pool = pool AND r.live AND r.created_at <= (SELECT live_until FROM bound)
		ORDER BY r.created_at, r.job_id LIMIT max_jobs FOR UPDATE SKIP LOCKED
	), oldest AS (
		SELECT r.job_id, r.created_at FROM reconciler.badge_job_relay r
		WHERE r.printer_pool = pool
		ORDER BY r.created_at, r.job_id LIMIT max_jobs FOR UPDATE SKIP LOCKED
	), chosen AS (
		SELECT c.job_id, bool_or(c.ahead) AS ahead FROM (
			SELECT job_id, created_at, true AS ahead FROM live
			UNION ALL
			SELECT job_id, created_at, false FROM oldest) c
		GROUP BY c.job_id
		ORDER BY bool_or(c.ahead) DESC, min(c.created_at), c.job_id LIMIT max_jobs
	), taken AS (
		DELETE FROM reconciler.badge_job_relay r USING chosen c WHERE r.job_id = c.job_id
		RETURNING r.job_id, c.ahead
	)
	SELECT f.* FROM reconciler.badge_job_feed f JOIN taken t ON t.job_id = f.job_id
	ORDER BY t.ahead DESC, f.created_at, f.job_id
$$;
