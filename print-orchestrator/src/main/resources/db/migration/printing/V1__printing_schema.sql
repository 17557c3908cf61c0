-- The printers the orchestrator drives and their health, as the probes last saw it.
CREATE TABLE printers (
	printer_id text PRIMARY KEY,
	host text NOT NULL,
	port int NOT NULL CHECK (port BETWEEN 1 AND 65535),
	pool text NOT NULL,
	state text NOT NULL CHECK (state IN ('UP', 'SUSPECT', 'DOWN', 'DISABLED')),
	consecutive_probe_failures int NOT NULL DEFAULT 0,
	last_status jsonb,
	down_since timestamptz,
	probe_print_ok_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX printers_pool_idx ON printers (pool, state);

-- The print ledger: one row per badge job of the reconciler's outbox, the system of record for
-- where a job is and whether a printer confirmed it (invariant 8). Redis queues are rebuilt from it.
CREATE TABLE print_jobs (
	job_id uuid PRIMARY KEY,
	attendee_id text NOT NULL,
	event_id text NOT NULL,
	credential_version int NOT NULL,
	printer_pool text NOT NULL,
	display_name text NOT NULL,
	company text,
	tier text,
	printer_id text REFERENCES printers (printer_id),
	state text NOT NULL CHECK (state IN ('PENDING', 'QUEUED', 'PRINTING', 'PRINTED', 'UNKNOWN_OUTCOME')),
	attempts int NOT NULL DEFAULT 0,
	possible_duplicate boolean NOT NULL DEFAULT false,
	created_at timestamptz NOT NULL,
	queued_at timestamptz,
	printed_at timestamptz,
	updated_at timestamptz NOT NULL DEFAULT now(),
	CHECK (state = 'PENDING' OR printer_id IS NOT NULL)
);

CREATE INDEX print_jobs_state_idx ON print_jobs (state, created_at);
CREATE INDEX print_jobs_printer_idx ON print_jobs (printer_id, state);
CREATE INDEX print_jobs_attendee_idx ON print_jobs (attendee_id);
