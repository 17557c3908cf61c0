-- Annulments (issue #36, invariant 13): an ANNUL movement names the admission it undoes in
-- annuls. "Is this admission annulled?" is asked per admission by the head-count, the per-area
-- counts and the re-judgement: one index lookup by attendee and annulled key.
CREATE INDEX movements_annulled_idx ON movements (attendee_id, annuls) WHERE type = 'ANNUL';

-- An annulment ops asked for (POST /admin/v1/attendees/{attendeeId}/annul): the client's
-- idempotency key with what it annulled and the server-issued entry (desk:annul:{seq}) that did
-- it, so that the same request again answers the same and changes nothing. The row is written
-- in the transaction of the annulment's guard row (invariant 1).
CREATE TABLE desk_annulments (
	request_key text PRIMARY KEY,
	attendee_id text NOT NULL REFERENCES attendees (attendee_id),
	reason text NOT NULL,
	annulment_key text,
	annulled_key text,
	created_at timestamptz NOT NULL DEFAULT now()
);
