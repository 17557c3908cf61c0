-- The outbox as the print orchestrator may read it: one row per badge job with the badge's
-- effective text (registry, then kiosk overrides of the winning record, then desk corrections).
-- This view is the reconciler's published interface; the orchestrator never reads the tables.
CREATE VIEW badge_job_feed AS
SELECT j.job_id, j.attendee_id, j.event_id, j.credential_version, j.printer_pool, j.reason, j.created_at,
	coalesce(c.desk_display_name, c.kiosk_display_name, a.display_name) AS display_name,
	coalesce(c.desk_company, c.kiosk_company, a.company) AS company,
	coalesce(c.desk_tier, a.tier) AS tier
FROM badge_jobs j
JOIN attendees a ON a.attendee_id = j.attendee_id
LEFT JOIN check_ins c ON c.attendee_id = j.attendee_id;
