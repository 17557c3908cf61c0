-- Printing by evidence (issue 21, invariant 8: "the best evidence is the printer's own label
-- counter having moved; busy-then-idle in ~HS is the fallback for printers without it").

-- How each printer proves a label out, found out when it is registered and when it is probed
-- again: LABEL_COUNTER when it answers odometer.total_label_count, HOST_STATUS when it answers
-- "?". NULL until a probe could ask it.
ALTER TABLE printers ADD COLUMN confirmation_mode text
	CHECK (confirmation_mode IN ('LABEL_COUNTER', 'HOST_STATUS'));

-- What proved a PRINTED job out: the counter, or the weaker ~HS fallback. Jobs printed before
-- this migration were confirmed by ~HS. The label counter read before the current attempt's
-- send lets any replica settle an attempt whose confirmation was cut short (a connection loss,
-- a fault, a restart of the orchestrator) by reading the counter again, instead of sending the
-- label a second time.
ALTER TABLE print_jobs ADD COLUMN confirmed_by text CHECK (confirmed_by IN ('LABEL_COUNTER', 'HOST_STATUS'));
ALTER TABLE print_jobs ADD COLUMN label_count_before bigint;
ALTER TABLE print_jobs ADD COLUMN label_count_after bigint;
ALTER TABLE print_jobs ADD COLUMN withdrawn_at timestamptz;
UPDATE print_jobs SET confirmed_by = 'HOST_STATUS' WHERE state = 'PRINTED';

-- WITHDRAWN: a reprint issued a new credential before this job's label came out, so it must
-- never print (a revoked badge). A withdrawn job may have no printer.
ALTER TABLE print_jobs DROP CONSTRAINT print_jobs_state_check;
ALTER TABLE print_jobs ADD CONSTRAINT print_jobs_state_check
	CHECK (state IN ('PENDING', 'QUEUED', 'PRINTING', 'PRINTED', 'UNKNOWN_OUTCOME', 'WITHDRAWN'));
ALTER TABLE print_jobs DROP CONSTRAINT print_jobs_check;
ALTER TABLE print_jobs ADD CONSTRAINT print_jobs_printer_check
	CHECK (state IN ('PENDING', 'WITHDRAWN') OR printer_id IS NOT NULL);
-- no job is PRINTED without the evidence that confirmed it
ALTER TABLE print_jobs ADD CONSTRAINT print_jobs_evidence_check
	CHECK (state <> 'PRINTED' OR confirmed_by IS NOT NULL);

-- The eventops_print_jobs_printed gauge counts PRINTED rows per pool at every refresh.
CREATE INDEX print_jobs_printed_pool_idx ON print_jobs (printer_pool) WHERE state = 'PRINTED';

-- The dispatch pause, durable: Redis keeps only a copy (ckin:dispatch:paused, for runbooks), so
-- a Redis wipe or failover does not resume printing. One row while paused.
CREATE TABLE dispatch_pause (
	singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
	paused_at timestamptz NOT NULL,
	resumes_at timestamptz NOT NULL
);
