-- The print orchestrator's relay and an erasure wait for each other (issue #38, invariant 15).
-- The relay copies the badge text of the jobs it takes into printing.print_jobs; the
-- orchestrator's BadgeTextErasure empties it once per erasure, in a pass that cannot see a
-- relay's uncommitted rows. Before this migration the take read the text in one statement, with
-- no lock, so an erasure could commit after that read and its pass run before the relay
-- committed: the pass recorded the erasure as applied and the relay then committed the name.
--
-- Now the take locks, before it reads any text, the event rows (first, in event order) and the
-- attendee rows (then, in attendee order) of the jobs it took, FOR SHARE, in a statement of its
-- own, and reads the feed in the next statement, whose snapshot is taken after the locks are
-- held (a VOLATILE PL/pgSQL function under READ COMMITTED, as the relay runs). An erasure takes
-- its event's row FOR NO KEY UPDATE before it writes anything (either scope) and updates the
-- attendee rows; both conflict with FOR SHARE. So either
--   * the erasure holds its locks first: the relay waits until it committed and reads the erased
--     (empty) text, no name reaches the ledger; or
--   * the relay holds its locks first: the erasure waits until the relay committed, and the
--     erasure pass, which runs after the erasure committed, finds the relay's jobs.
-- Lock order: the relay's rows of badge_job_relay (SKIP LOCKED, it never waits for them), then
-- events, then attendees, the order of an erasure (event, check-ins, attendees) and of the
-- quarantine trigger (V28); imports and reprints lock attendees only, imports in attendee order.
-- Two relays share their locks. Cost: two lock statements per batch of jobs (one row per event and
-- one per attendee of the batch), no extra round trip; the orchestrator drops the statement it ran
-- after the take to empty just-relayed jobs of erased attendees.
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
	PERFORM 1 FROM reconciler.attendees a
	WHERE a.attendee_id IN (SELECT j.attendee_id FROM reconciler.badge_jobs j WHERE j.job_id = ANY (taken_jobs))
	ORDER BY a.attendee_id FOR SHARE;

	-- a new snapshot: an erasure that held the locks has committed and is seen
	RETURN QUERY SELECT f.* FROM reconciler.badge_job_feed f WHERE f.job_id = ANY (taken_jobs)
		ORDER BY f.job_id = ANY (ahead_jobs) DESC, f.created_at, f.job_id;
END
$$;

-- The two-argument forms that orchestrators of earlier releases call (V6, V11) take the same way,
-- oldest first (a live_ahead of zero), so a rolling deploy keeps the lock too.
CREATE OR REPLACE FUNCTION take_from_badge_job_outbox(max_jobs int, pool text) RETURNS SETOF badge_job_feed
	LANGUAGE sql SECURITY DEFINER SET search_path = reconciler, pg_temp AS $$
	SELECT * FROM reconciler.take_from_badge_job_outbox(max_jobs, pool, interval '0')
$$;
