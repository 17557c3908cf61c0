-- The reconciler's own schema: registry, winning check-ins, the durable idempotency guard,
-- quarantine, and the badge-job outbox.

CREATE TABLE events (
	event_id text PRIMARY KEY,
	created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE attendees (
	attendee_id text PRIMARY KEY,
	event_id text NOT NULL REFERENCES events (event_id),
	display_name text NOT NULL,
	company text,
	tier text,
	email text,
	credential_version int NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX attendees_event_idx ON attendees (event_id);

-- One row per checked-in attendee: the winning record by (origin_rank, seq, source_id) (invariant 4).
-- source_id uses the "C" collation so that SQL and OrderingKey order ids the same way.
CREATE TABLE check_ins (
	attendee_id text PRIMARY KEY REFERENCES attendees (attendee_id),
	event_id text NOT NULL,
	origin_rank smallint NOT NULL,
	seq bigint NOT NULL,
	source_id text COLLATE "C" NOT NULL,
	idempotency_key text NOT NULL,
	captured_at timestamptz NOT NULL,
	kiosk_display_name text,
	kiosk_company text,
	desk_display_name text,
	desk_company text,
	desk_tier text,
	first_checked_in_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX check_ins_event_idx ON check_ins (event_id);

-- The durable idempotency guard (invariant 1): one row per applied key, written in the same
-- transaction as the state change. outcome is what the key was judged first.
CREATE TABLE processed_entries (
	idempotency_key text PRIMARY KEY,
	source_id text NOT NULL,
	seq bigint NOT NULL,
	attendee_id text,
	fingerprint text NOT NULL,
	outcome text NOT NULL,
	reason text,
	received_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX processed_entries_attendee_idx ON processed_entries (attendee_id);

-- Quarantine: every rejected entry as received, re-drivable by ops. A replayed rejection of the
-- same payload is stored once.
CREATE TABLE rejections (
	id bigserial PRIMARY KEY,
	kiosk_id text NOT NULL,
	event_id text NOT NULL,
	printer_pool text NOT NULL,
	idempotency_key text NOT NULL,
	seq bigint NOT NULL,
	fingerprint text NOT NULL,
	reason text NOT NULL,
	field text,
	entry jsonb NOT NULL,
	rejected_at timestamptz NOT NULL DEFAULT now(),
	redriven_at timestamptz,
	redrive_outcome text,
	redrive_reason text,
	UNIQUE (idempotency_key, fingerprint)
);

CREATE INDEX rejections_kiosk_idx ON rejections (kiosk_id, rejected_at);

-- The outbox: one badge job per attendee credential (invariant 7).
CREATE TABLE badge_jobs (
	job_id uuid PRIMARY KEY,
	attendee_id text NOT NULL REFERENCES attendees (attendee_id),
	event_id text NOT NULL,
	credential_version int NOT NULL,
	printer_pool text NOT NULL,
	reason text NOT NULL CHECK (reason IN ('CHECK_IN', 'REPRINT')),
	reprint_reason text,
	created_at timestamptz NOT NULL DEFAULT now(),
	UNIQUE (attendee_id, credential_version)
);

CREATE INDEX badge_jobs_event_idx ON badge_jobs (event_id);

-- Server-issued sequence of desk corrections (origin rank 1).
CREATE SEQUENCE desk_seq;
