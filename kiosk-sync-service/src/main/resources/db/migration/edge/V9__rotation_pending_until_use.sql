-- Issue #37, review (invariant 6, "nothing lost"): a kiosk whose only answer carrying its new
-- token got lost, and whose venue network stayed down longer than the rotation grace, came back
-- with its only token, the old one, and was refused for good. The old token now stays valid until
-- the kiosk first uses a delivered token (promotion), bounded by rotation_pending_until (the first
-- delivery plus eventops.edge.kiosks.rotation-max-pending, the delivering replica's); after the
-- promotion it stays valid as previous_token_hash until previous_token_valid_until (the rotation
-- grace, the promoting replica's), covering requests in flight.
-- old_token_valid_until (V7) is no longer read: a replica of the previous release still writes it
-- at a delivery and stops the old token there after its grace; a promotion clears it.
ALTER TABLE kiosks
	ADD COLUMN rotation_pending_until timestamptz,
	ADD COLUMN previous_token_hash text,
	ADD COLUMN previous_token_valid_until timestamptz;

CREATE INDEX kiosks_by_previous_token ON kiosks (previous_token_hash) WHERE previous_token_hash IS NOT NULL;

-- a rotation pending under V7's rule: its old token keeps working until the new one is used,
-- for at most the default rotation-max-pending (7 days) after V7's deadline
UPDATE kiosks SET rotation_pending_until = old_token_valid_until + interval '7 days', old_token_valid_until = NULL
WHERE rotation_requested_at IS NOT NULL AND old_token_valid_until IS NOT NULL;
