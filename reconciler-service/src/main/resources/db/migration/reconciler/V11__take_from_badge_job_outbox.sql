-- The function the print orchestrator's relay takes badge jobs with is named for what it is in
-- ARCHITECTURE.md: it takes from the badge job outbox. Renamed, not copied: its body (V6), owner,
-- SECURITY DEFINER, search_path and grants go with it. It removes up to max_jobs of one pool's
-- oldest untaken jobs from the relay table and returns them as feed rows; call it in the
-- statement (or transaction) that writes them to the ledger, so that a failed write puts them
-- back (invariant 7). Concurrent callers take disjoint jobs (SKIP LOCKED).
-- TakeFromBadgeJobOutboxContractTests pins its signature and behaviour.
ALTER FUNCTION take_badge_jobs(int, text) RENAME TO take_from_badge_job_outbox;

-- The old name stays while orchestrators of the previous release run (a rolling deploy runs both
-- for a while; the reconciler migrates first): a thin alias that delegates, with the same rights
-- model (the orchestrator's user needs EXECUTE on it, not rights on the tables). Drop it in a
-- migration once no orchestrator before this release runs.
CREATE FUNCTION take_badge_jobs(max_jobs int, pool text) RETURNS SETOF badge_job_feed LANGUAGE sql
	SECURITY DEFINER SET search_path = reconciler, pg_temp AS $$
	SELECT * FROM reconciler.take_from_badge_job_outbox(max_jobs, pool)
$$;
