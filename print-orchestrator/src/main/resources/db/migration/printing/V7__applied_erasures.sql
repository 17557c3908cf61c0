-- The reconciler's erasures (issue #38, reconciler.erasure_feed()) whose badge text this schema no
-- longer holds: print_jobs.display_name and company of the erased attendees (or of every attendee of
-- an erased event) are emptied once per erasure, and ids, states and times stay. A row here is the
-- done state, so that replicas and restarts apply each erasure exactly once.
CREATE TABLE applied_erasures (
	erasure_id bigint PRIMARY KEY,
	applied_at timestamptz NOT NULL DEFAULT now(),
	print_jobs int NOT NULL
);
