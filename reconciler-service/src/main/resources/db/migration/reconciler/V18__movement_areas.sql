-- Issue #35, invariant 11: a CHECK_IN, EXIT or REFUSED movement always names its area. An entry
-- without one (a kiosk provisioned without an area, the badge desk) counts at the badge area of
-- the version it is judged under; rows written before the batch path placed it so get that area
-- now (the version: judged_version when the server judged the row, else the entry's own when the
-- event has it, else the one in force at its capture, else the first).
WITH placed AS (
	SELECT m.idempotency_key, m.event_id, coalesce(m.judged_version,
	    (SELECT p.version FROM event_policies p WHERE p.event_id = m.event_id AND p.version = m.policy_version),
	    (SELECT max(p.version) FROM event_policies p WHERE p.event_id = m.event_id AND p.saved_at <= m.captured_at),
	    (SELECT min(p.version) FROM event_policies p WHERE p.event_id = m.event_id)) AS version
	FROM movements m
	WHERE m.area_id IS NULL AND m.type <> 'ANNUL'
), badge AS (
	SELECT p.event_id, p.version, a ->> 'areaId' AS area_id
	FROM event_policies p CROSS JOIN LATERAL jsonb_array_elements(p.policy -> 'areas') AS a
	WHERE a ->> 'printsBadge' = 'true'
)
UPDATE movements m SET area_id = b.area_id, judged_version = placed.version
FROM placed JOIN badge b ON b.event_id = placed.event_id AND b.version = placed.version
WHERE m.idempotency_key = placed.idempotency_key;

-- The changes already in the stream carry the movements as they were then: one without an area
-- is left out of them (a kiosk cache cannot place it; the snapshot and any later change of the
-- attendee carry it with its area).
UPDATE change_log c SET attendee = jsonb_set(c.attendee, '{movements}', coalesce((
	SELECT jsonb_agg(e ORDER BY o) FROM jsonb_array_elements(c.attendee -> 'movements') WITH ORDINALITY AS t(e, o)
	WHERE e ->> 'type' = 'ANNUL' OR e ->> 'areaId' IS NOT NULL), '[]'::jsonb))
WHERE jsonb_typeof(c.attendee -> 'movements') = 'array' AND EXISTS (
	SELECT 1 FROM jsonb_array_elements(c.attendee -> 'movements') AS e
	WHERE e ->> 'type' <> 'ANNUL' AND e ->> 'areaId' IS NULL);
