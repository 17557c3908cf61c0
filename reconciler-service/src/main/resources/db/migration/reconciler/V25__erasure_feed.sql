-- The erasures as the other services of the suite read them (issue #38): the print orchestrator
-- erases its own copies of the badge text (printing.print_jobs) once for each erasure listed here
-- (printing.applied_erasures). Ids, scopes and times only, as in the audit itself.
CREATE FUNCTION erasure_feed() RETURNS TABLE (erasure_id bigint, scope text, event_id text, attendee_id text,
	erased_at timestamptz)
	LANGUAGE sql STABLE SECURITY DEFINER SET search_path = reconciler, pg_temp AS $$
	SELECT e.id, e.scope, e.event_id, e.attendee_id, e.erased_at FROM reconciler.erasures e
$$;
