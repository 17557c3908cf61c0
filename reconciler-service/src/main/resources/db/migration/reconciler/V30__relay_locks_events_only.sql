-- The relay's take locks the event rows of its jobs only, no longer their attendee rows (issue
-- #38, invariant 15; a review of V29). An attendee import rewrites every attendee row it names
-- and holds them until it commits, so V29's attendee FOR SHARE made a relay batch that took one
-- job of such an attendee wait for the whole import (its other jobs, of any event, held by SKIP
-- LOCKED meanwhile): a ticketing sync in the morning rush stalled printing
-- (ImportRelayWaitReviewTests). The lock was not needed: both scopes of an erasure take their
-- event's row FOR NO KEY UPDATE before they write anything (Erasures.lockEvent), which conflicts
-- with the relay's FOR SHARE on that row, so the relay and an erasure still wait for each other
-- (ErasureRelayLockTests, ErasureRelayRaceReviewTests), and nothing in the hot path writes event
-- rows (imports insert them ON CONFLICT DO NOTHING). Cost: one lock statement per batch, one row
-- per event of the batch. The two-argument forms of V29 call this one and are unchanged.
CREATE OR REPLACE FUNCTION take_from_badge_job_outbox(max_jobs int, pool text, live_ahead interval)
	RETURNS SETOF badge_job_feed LANGUAGE plpgsql SECURITY DEFINER SET search_path = reconciler, pg_temp AS $$
DECLARE
	taken_jobs uuid[];
	ahead_jobs uuid[];
BEGIN
	-- as V12: live jobs first, then the oldest; SKIP LOCKED, a job is taken once (invariant 7)
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
	SELECT coalesce(array_agg(t.job_id), '{}'), coalesce(array_agg(t.job_id) FILTER (WHERE t.ahead), '{}')
	INTO taken_jobs, ahead_jobs FROM taken t;
	IF cardinality(taken_jobs) = 0 THEN
		RETURN;
	END IF;

	PERFORM 1 FROM reconciler.events e
	WHERE e.event_id IN (SELECT j.event_id FROM reconciler.badge_jobs j WHERE j.job_id = ANY (taken_jobs)
		UNION SELECT a.event_id FROM reconciler.badge_jobs j JOIN reconciler.attendees a ON a.attendee_id = j.attendee_id
			WHERE j.job_id = ANY (taken_jobs))
	ORDER BY e.event_id FOR SHARE;

	-- a new snapshot: an erasure that held the event's row has committed and is seen
	RETURN QUERY SELECT f.* FROM reconciler.badge_job_feed f WHERE f.job_id = ANY (taken_jobs)
		ORDER BY f.job_id = ANY (ahead_jobs) DESC, f.created_at, f.job_id;
END
$$;
