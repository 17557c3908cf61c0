-- Personal data has a lifetime (issue #38). An erasure removes an attendee's names, companies,
-- e-mails and free text from every table of this schema and keeps ids, counts, times, areas and
-- outcomes: the head-count, the per-area counts and the audit trail stay as they were.

-- When the attendee's personal data was erased; null while it is kept. A new import of the
-- attendee brings new data and clears it.
ALTER TABLE attendees ADD COLUMN erased_at timestamptz;

-- When the event's personal data was erased (by an admin or by its retention running out): the
-- done state of the retention job, exactly once across replicas and restarts.
ALTER TABLE events ADD COLUMN erased_at timestamptz;

-- An erasure is a change of its own, so that kiosk caches drop what they hold of the attendee.
ALTER TABLE change_log DROP CONSTRAINT change_log_kind_check;
ALTER TABLE change_log ADD CONSTRAINT change_log_kind_check
	CHECK (kind IN ('REGISTERED', 'UPDATED', 'CHECKED_IN', 'CORRECTED', 'CREDENTIAL_REISSUED', 'POLICY', 'ERASED'));

-- The audit of every erasure: who, when, why, what and how much; no personal data.
CREATE TABLE erasures (
	id bigserial PRIMARY KEY,
	scope text NOT NULL CHECK (scope IN ('ATTENDEE', 'EVENT', 'RETENTION')),
	event_id text NOT NULL,
	attendee_id text,
	reason text NOT NULL,
	erased_by text NOT NULL,
	erased_at timestamptz NOT NULL DEFAULT now(),
	attendees int NOT NULL,
	check_ins int NOT NULL,
	rejections int NOT NULL,
	changes int NOT NULL,
	badge_jobs int NOT NULL,
	annulments int NOT NULL
);

CREATE INDEX erasures_event_idx ON erasures (event_id, erased_at);

-- A quarantined entry as received keeps only the fields that are not personal data: ids, times,
-- areas, decisions. Badge overrides (names, companies) and whatever else a kiosk sent go.
CREATE FUNCTION scrub_entry(entry jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN jsonb_typeof(entry) = 'object' THEN coalesce((
		SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(entry) AS e
		WHERE e.key IN ('seq', 'idempotencyKey', 'type', 'attendeeId', 'capturedAt', 'queuedAt',
			'badgePrintedLocally', 'areaId', 'policyVersion', 'annuls')
		  AND jsonb_typeof(e.value) IN ('string', 'number', 'boolean', 'null')), '{}'::jsonb)
		|| CASE WHEN jsonb_typeof(entry -> 'kioskDecision') = 'object' THEN jsonb_build_object('kioskDecision',
			jsonb_strip_nulls(jsonb_build_object('decision', entry -> 'kioskDecision' -> 'decision',
				'reason', entry -> 'kioskDecision' -> 'reason'))) ELSE '{}'::jsonb END
	ELSE '{}'::jsonb END
$$;

-- An erased attendee's data does not come back through a kiosk that still held it: overrides of a
-- check-in written after the erasure are dropped, and an entry quarantined after it (or after its
-- event's erasure) is stored scrubbed. The check-in trigger runs only for rows that carry an
-- override, so the batch path pays nothing for the others.
-- The attendee's row is read FOR SHARE: a check-in with an override waits for an erasure of the
-- attendee that runs, and then sees it.
CREATE FUNCTION keep_erased_check_in() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	erased timestamptz;
BEGIN
	SELECT a.erased_at INTO erased FROM reconciler.attendees a WHERE a.attendee_id = NEW.attendee_id FOR SHARE;
	IF erased IS NOT NULL THEN
		NEW.kiosk_display_name := NULL;
		NEW.kiosk_company := NULL;
		NEW.desk_display_name := NULL;
		NEW.desk_company := NULL;
	END IF;
	RETURN NEW;
END
$$;

CREATE TRIGGER check_ins_keep_erased BEFORE INSERT OR UPDATE ON check_ins FOR EACH ROW
	WHEN (NEW.kiosk_display_name IS NOT NULL OR NEW.kiosk_company IS NOT NULL
		OR NEW.desk_display_name IS NOT NULL OR NEW.desk_company IS NOT NULL)
	EXECUTE FUNCTION keep_erased_check_in();

CREATE FUNCTION keep_erased_rejection() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM reconciler.events e WHERE e.event_id = NEW.event_id AND e.erased_at IS NOT NULL)
			OR EXISTS (SELECT 1 FROM reconciler.attendees a
				WHERE a.attendee_id = NEW.entry ->> 'attendeeId' AND a.erased_at IS NOT NULL) THEN
		NEW.entry := reconciler.scrub_entry(NEW.entry);
	END IF;
	RETURN NEW;
END
$$;

CREATE TRIGGER rejections_keep_erased BEFORE INSERT ON rejections FOR EACH ROW
	EXECUTE FUNCTION keep_erased_rejection();

-- The badge jobs of an erased attendee are withdrawn as an annulled admission's are (#36): the
-- print orchestrator asks this function before it sends a job and withdraws the ones it answers.
-- The jobs themselves stay as they were (annulled_at untouched), so the head-count's badge jobs
-- do not change.
CREATE OR REPLACE FUNCTION annulled_badge_jobs(jobs uuid[]) RETURNS SETOF uuid LANGUAGE sql STABLE
	SECURITY DEFINER SET search_path = reconciler, pg_temp AS $$
	SELECT j.job_id FROM reconciler.badge_jobs j
	WHERE j.job_id = ANY (jobs) AND (j.annulled_at IS NOT NULL
		OR EXISTS (SELECT 1 FROM reconciler.attendees a WHERE a.attendee_id = j.attendee_id AND a.erased_at IS NOT NULL))
$$;
