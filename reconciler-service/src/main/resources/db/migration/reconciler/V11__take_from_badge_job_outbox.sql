-- The function the print orchestrator's relay calls to take badge jobs, named for what it is in
-- ARCHITECTURE.md: it takes from the badge job outbox. The body is take_badge_jobs(int, text)'s
-- from V6, unchanged: removes up to max_jobs of one pool's oldest untaken jobs from the relay
-- table and returns them as feed rows; call it in the statement (or transaction) that writes them
-- to the ledger, so that a failed write puts them back (invariant 7). Concurrent callers take
-- disjoint jobs (SKIP LOCKED). SECURITY DEFINER: the orchestrator's user needs EXECUTE on it, not
-- rights on the reconciler's tables (the default privileges of k8s/base/postgres/roles.sql grant
-- it). TakeFromBadgeJobOutboxContractTests pins its signature and behaviour.
CREATE FUNCTION take_from_badge_job_outbox(max_jobs int, pool text) RETURNS SETOF badge_job_feed LANGUAGE sql
	SECURITY DEFINER SET search_path = reconciler, pg_temp AS $$
	WITH taken AS (
		DELETE FROM reconciler.badge_job_relay r
		WHERE r.job_id = ANY (ARRAY(SELECT job_id FROM reconciler.badge_job_relay WHERE printer_pool = pool
			ORDER BY created_at, job_id LIMIT max_jobs FOR UPDATE SKIP LOCKED))
		RETURNING r.job_id)
	SELECT f.* FROM reconciler.badge_job_feed f WHERE f.job_id = ANY (ARRAY(SELECT job_id FROM taken))
	ORDER BY f.created_at, f.job_id
$$;

-- The old name stays while orchestrators of the previous release run (a rolling deploy runs both
-- for a while; the reconciler migrates first): a thin alias, so the take has one body. Drop it in
-- a migration once no orchestrator before this release runs.
CREATE OR REPLACE FUNCTION take_badge_jobs(max_jobs int, pool text) RETURNS SETOF badge_job_feed LANGUAGE sql
	SECURITY DEFINER SET search_path = reconciler, pg_temp AS $$
	SELECT * FROM reconciler.take_from_badge_job_outbox(max_jobs, pool)
$$;
