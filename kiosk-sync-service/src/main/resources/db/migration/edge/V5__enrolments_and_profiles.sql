-- Issue #37, enrolment and profiles. (V4's note reserved V3 for this; V4 shipped first, and a
-- version below the applied one would not run on a database already at V4, so this is V5.)

-- What a kiosk may do at the edge: KIOSK (self-service), DESK (a staffed desk) or EXIT. Kiosks
-- provisioned before (and by a replica of the previous release during a rolling deploy) read as
-- KIOSK, which is everything they could do.
ALTER TABLE kiosks
	ADD COLUMN profile text NOT NULL DEFAULT 'KIOSK' CHECK (profile IN ('KIOSK', 'DESK', 'EXIT'));

-- One-time enrolment codes: only a SHA-256 of the code's canonical spelling is kept (the code
-- is shown once, in the answer that issued it), with the settings of the kiosk it provisions.
-- used_at is set by the one conditional UPDATE that redeems the code, in the transaction that
-- inserts the kiosk: a code provisions one kiosk at most.
CREATE TABLE enrolments (
	code_hash text PRIMARY KEY,
	event_id text NOT NULL,
	area_id text,
	direction text NOT NULL CHECK (direction IN ('ENTRY', 'EXIT', 'BOTH')),
	printer_pool text NOT NULL,
	profile text NOT NULL CHECK (profile IN ('KIOSK', 'DESK', 'EXIT')),
	-- the kiosk id it provisions, or null for one the edge chooses at redemption
	kiosk_id text,
	created_at timestamptz NOT NULL DEFAULT now(),
	expires_at timestamptz NOT NULL,
	used_at timestamptz,
	used_by_kiosk_id text,
	CHECK ((used_at IS NULL) = (used_by_kiosk_id IS NULL))
);
