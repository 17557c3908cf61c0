-- Issue #37, heartbeats: every contact of a kiosk carries its agent's version, its backlog, its
-- free disk and its clock; the edge keeps the latest here (one value for every replica), with the
-- clock offset it computed on arrival. Kiosks that never sent them (older agents) keep nulls.
-- (V3 is the enrolment's.)
ALTER TABLE kiosks
	ADD COLUMN last_contact_at timestamptz,
	ADD COLUMN agent_version text,
	ADD COLUMN reported_backlog bigint CHECK (reported_backlog >= 0),
	ADD COLUMN disk_free_bytes bigint CHECK (disk_free_bytes >= 0),
	ADD COLUMN clock_offset_ms bigint;
