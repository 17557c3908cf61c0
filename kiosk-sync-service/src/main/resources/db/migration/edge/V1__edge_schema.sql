-- The edge's own schema: provisioned kiosks, their token hashes and their sync watermarks.

-- One row per kiosk. Only a SHA-256 of the token is kept: tokens are 256-bit random values,
-- so a fast hash is as strong as a slow one and keeps per-request authentication cheap.
-- The watermark columns are updated in one transaction per flush under a row lock
-- (invariant 6: only final outcomes count).
CREATE TABLE kiosks (
	kiosk_id text PRIMARY KEY,
	event_id text NOT NULL,
	label text,
	printer_pool text NOT NULL,
	token_hash text NOT NULL UNIQUE,
	created_at timestamptz NOT NULL DEFAULT now(),
	revoked_at timestamptz,
	last_seen_at timestamptz,
	highest_seen_seq bigint NOT NULL DEFAULT 0,
	contiguous_through_seq bigint NOT NULL DEFAULT 0,
	highest_local_seq_reported bigint NOT NULL DEFAULT 0,
	-- final seqs above the contiguous watermark as flattened [from, to] pairs, ascending
	final_ranges int8[] NOT NULL DEFAULT '{}',
	outcome_counts jsonb NOT NULL DEFAULT '{}',
	flag_counts jsonb NOT NULL DEFAULT '{}'
);
