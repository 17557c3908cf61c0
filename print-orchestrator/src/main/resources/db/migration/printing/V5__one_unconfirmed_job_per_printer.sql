-- Invariant 8: a printer holds at most one unconfirmed job (issue #42). Redis's in-flight key
-- and the agent lease kept it only while Redis and the lease held; a former lease holder that
-- resumed after a PostgreSQL stall longer than the lease, a Redis wipe or a shutdown that
-- released the lease mid-step could claim a second job on the same printer, both read the same
-- label counter and one label confirmed both. The ledger now refuses the second claim itself.
CREATE UNIQUE INDEX print_jobs_one_unconfirmed_per_printer_idx ON print_jobs (printer_id)
	WHERE state IN ('PRINTING', 'UNKNOWN_OUTCOME');
