-- Access control (issue #35): the area a kiosk serves and its direction. A kiosk without an
-- area serves the event's implicit one; direction defaults to ENTRY, so the rows of kiosks
-- provisioned before (and by a replica of the previous release during a rolling deploy)
-- read as entry kiosks of no area, which is what they were.
ALTER TABLE kiosks
	ADD COLUMN area_id text,
	ADD COLUMN direction text NOT NULL DEFAULT 'ENTRY' CHECK (direction IN ('ENTRY', 'EXIT', 'BOTH'));
