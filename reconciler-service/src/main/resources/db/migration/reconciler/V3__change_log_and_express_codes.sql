-- The change log kiosk caches follow (invariant 10). stream_seq is taken from a sequence under a
-- per-event advisory lock held until commit, so readers of an event see its changes become
-- visible in stream_seq order: having seen s, a reader never later sees a change <= s appear.
CREATE SEQUENCE stream_seq;

CREATE TABLE change_log (
	stream_seq bigint PRIMARY KEY,
	event_id text NOT NULL,
	attendee_id text NOT NULL,
	kind text NOT NULL CHECK (kind IN ('REGISTERED', 'UPDATED', 'CHECKED_IN', 'CORRECTED', 'CREDENTIAL_REISSUED')),
	attendee jsonb NOT NULL,
	committed_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX change_log_event_idx ON change_log (event_id, stream_seq);

-- One-time express codes for a group of attendees, redeemed online at a shared desk.
CREATE TABLE express_codes (
	code text PRIMARY KEY,
	event_id text NOT NULL REFERENCES events (event_id),
	attendee_ids text[] NOT NULL,
	expires_at timestamptz NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now(),
	replaced_by text,
	claim_token text,
	claim_expires_at timestamptz,
	client_submission_id text,
	selection text[],
	result jsonb,
	used_at timestamptz
);
