-- Badge jobs the print orchestrator has not taken yet. Reading "every job of the feed not yet in
-- the print ledger" cost a scan of every job ever created on each relay pass (270 ms of
-- PostgreSQL per pass at 30 000 jobs), several times a second during a reconnect herd and every
-- poll interval all day. A job enters this table in the transaction that creates it and leaves it
-- in the transaction that copies it into the ledger, so a pass costs what is new (invariant 7:
-- exactly one ledger row per job, none skipped).
CREATE TABLE badge_job_relay (
	job_id uuid PRIMARY KEY REFERENCES badge_jobs (job_id),
	created_at timestamptz NOT NULL
);

CREATE INDEX badge_job_relay_order_idx ON badge_job_relay (created_at, job_id);

-- A trigger, not each INSERT: every path that creates a job (check-in, reprint, credential
-- change, and any later one) is covered.
CREATE FUNCTION badge_job_relay_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO reconciler.badge_job_relay (job_id, created_at) SELECT job_id, created_at FROM new_jobs;
	RETURN NULL;
END
$$;

CREATE TRIGGER badge_jobs_relay_enqueue AFTER INSERT ON badge_jobs
	REFERENCING NEW TABLE AS new_jobs
	FOR EACH STATEMENT EXECUTE FUNCTION badge_job_relay_enqueue();

-- Jobs created before this migration: the ones already in the ledger are taken again once and
-- dropped there by its ON CONFLICT (job_id) DO NOTHING.
INSERT INTO badge_job_relay (job_id, created_at) SELECT job_id, created_at FROM badge_jobs;

-- The published way to take jobs, beside the badge_job_feed view: removes up to max_jobs of the
-- oldest untaken jobs and returns them as feed rows. Call it in the statement (or transaction)
-- that writes them to the ledger, so that a failed write puts them back. Concurrent callers take
-- disjoint jobs (SKIP LOCKED). SECURITY DEFINER: the orchestrator's user needs EXECUTE on it, not
-- rights on the reconciler's tables.
CREATE FUNCTION take_badge_jobs(max_jobs int) RETURNS SETOF badge_job_feed LANGUAGE sql
	SECURITY DEFINER SET search_path = reconciler, pg_temp AS $$
	WITH taken AS (
		DELETE FROM reconciler.badge_job_relay r
		WHERE r.job_id = ANY (ARRAY(SELECT job_id FROM reconciler.badge_job_relay
			ORDER BY created_at, job_id LIMIT max_jobs FOR UPDATE SKIP LOCKED))
		RETURNING r.job_id)
	-- = ANY (ARRAY(...)), not a join: the planner cannot size what the DELETE returns and
	-- hash-joins it with a scan of every badge job (measured: the same O(all jobs) pass as
	-- before); the array makes it look each job up by key
	SELECT f.* FROM reconciler.badge_job_feed f WHERE f.job_id = ANY (ARRAY(SELECT job_id FROM taken))
	ORDER BY f.created_at, f.job_id
$$;
