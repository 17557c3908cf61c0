-- Access control (issue #35, invariant 12): an event's policy versions, the attendees' ticket
-- types, and one movement row per CHECK_IN, EXIT, REFUSED (and ANNUL) entry of an event with a
-- policy, which the server judges again with the venue-wide history.

-- Every save is a new version, 1, 2, 3, ... per event, immutable once written: a replica may
-- cache the compiled policy by (event_id, version).
CREATE TABLE event_policies (
	event_id text NOT NULL REFERENCES events (event_id),
	version int NOT NULL CHECK (version >= 1),
	policy jsonb NOT NULL,
	saved_by text NOT NULL,
	saved_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (event_id, version)
);

-- null: the policy's first ticket type (and nothing at all for an event without a policy)
ALTER TABLE attendees ADD COLUMN ticket_type text;

-- One row per applied entry of an event with a policy, written in the transaction of its guard
-- row (invariant 1). kiosk_* is what the kiosk decided under policy_version; server_* and
-- against_rules what the server decides for it from every movement of the attendee captured
-- before it, recomputed for every attendee a batch touches (so they converge whatever the order
-- of arrival). against_rules: a kiosk's admission the server refuses, which stands (the person
-- is in) and is listed for ops.
CREATE TABLE movements (
	idempotency_key text PRIMARY KEY,
	event_id text NOT NULL,
	attendee_id text NOT NULL REFERENCES attendees (attendee_id),
	kiosk_id text NOT NULL,
	seq bigint NOT NULL,
	type text NOT NULL CHECK (type IN ('CHECK_IN', 'EXIT', 'REFUSED', 'ANNUL')),
	area_id text,
	captured_at timestamptz NOT NULL,
	annuls text,
	policy_version int,
	kiosk_decision text CHECK (kiosk_decision IN ('ADMIT', 'REFUSE')),
	kiosk_reason text,
	judged_version int,
	server_verdict text CHECK (server_verdict IN ('ADMIT', 'REFUSE')),
	server_reason text,
	server_explanation text,
	against_rules boolean NOT NULL DEFAULT false,
	recorded_at timestamptz NOT NULL DEFAULT now()
);

-- "every movement of these attendees", set-based per batch
CREATE INDEX movements_attendee_idx ON movements (attendee_id, captured_at);

-- the per-area counts of an event
CREATE INDEX movements_event_area_idx ON movements (event_id, area_id);

-- the rule overrides ops look at, and the gauge that counts them
CREATE INDEX movements_against_rules_idx ON movements (event_id, area_id) WHERE against_rules;

-- A policy save is a change of its own (kind POLICY) that carries the policy and no attendee.
ALTER TABLE change_log DROP CONSTRAINT change_log_kind_check;
ALTER TABLE change_log ADD CONSTRAINT change_log_kind_check
	CHECK (kind IN ('REGISTERED', 'UPDATED', 'CHECKED_IN', 'CORRECTED', 'CREDENTIAL_REISSUED', 'POLICY'));
ALTER TABLE change_log ALTER COLUMN attendee_id DROP NOT NULL;
ALTER TABLE change_log ALTER COLUMN attendee DROP NOT NULL;
ALTER TABLE change_log ADD COLUMN policy jsonb;
ALTER TABLE change_log ADD CONSTRAINT change_log_policy_or_attendee
	CHECK ((kind = 'POLICY') = (policy IS NOT NULL AND attendee IS NULL));
