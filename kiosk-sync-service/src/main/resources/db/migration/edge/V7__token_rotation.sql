-- Issue #37, token rotation. rotation_requested_at is set by an admin's rotate (or the kiosk's
-- own token-rotation) and cleared when the kiosk first uses a new token. The edge stores hashes
-- only, so it mints a token when it delivers one (a response header) and keeps its hash in
-- pending_tokens; while the kiosk still presents its old token (a lost response), every answer
-- delivers a fresh one. The old token stays valid until old_token_valid_until (the rotation
-- grace after the first delivery); the first use of a pending token makes it the kiosk's token
-- and retires the old one and every other pending token. During a rolling deploy a replica of
-- the previous release neither delivers nor accepts new tokens: the old one keeps working there
-- until the kiosk first uses the new one on a new replica.
ALTER TABLE kiosks
	ADD COLUMN rotation_requested_at timestamptz,
	ADD COLUMN old_token_valid_until timestamptz;

CREATE TABLE pending_tokens (
	token_hash text PRIMARY KEY,
	kiosk_id text NOT NULL REFERENCES kiosks (kiosk_id) ON DELETE CASCADE,
	minted_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX pending_tokens_by_kiosk ON pending_tokens (kiosk_id);
