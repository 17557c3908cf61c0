-- Issue #37, revocation modes. RETIRE lets a kiosk keep flushing (and heartbeating) until
-- revocation_effective_at, then its token stops; LOST stops it at once (effective = revoked).
-- revoked_at stays when the revocation was made (the first one: revoking again changes nothing,
-- except that RETIRE then LOST makes it effective at once). Kiosks revoked before (and by a
-- replica of the previous release during a rolling deploy, which sets revoked_at alone) read
-- as LOST at their revoked_at, which is what revocation was. That release's replicas refuse a
-- retiring kiosk at once (they know revoked_at only): the safe side.
ALTER TABLE kiosks
	ADD COLUMN revocation_mode text CHECK (revocation_mode IN ('RETIRE', 'LOST')),
	ADD COLUMN revocation_effective_at timestamptz;

UPDATE kiosks SET revocation_mode = 'LOST', revocation_effective_at = revoked_at WHERE revoked_at IS NOT NULL;
