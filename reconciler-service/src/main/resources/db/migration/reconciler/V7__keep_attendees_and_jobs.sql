-- Attendees and badge jobs are kept for the life of an event: nothing in the suite deletes them.
-- Three foreign keys guarded against their deletion, and cost a check (an index probe and a row
-- lock) on every check-in row, badge job and relay row. In a reconnect herd each check-in row
-- waits for the same attendee's row in other kiosks' batches, so those checks also lengthened
-- the time a batch holds its row locks. Measured on PostgreSQL 15, 30 000 rows in batches of
-- 200: the check-in upsert went from 220 to 115 ms without its check, the badge job insert from
-- 550 to 320 ms without both of its checks.
--
-- What they protected is kept with statement triggers on the referenced tables instead, which
-- cost nothing per insert: attendees and badge jobs cannot be deleted or truncated. Every
-- check-in row and badge job is still written only for an attendee read in the same statement or
-- transaction (CheckInWriter, DeskActions), and every relay row only by the trigger on badge_jobs
-- (invariant 7).
ALTER TABLE check_ins DROP CONSTRAINT IF EXISTS check_ins_attendee_id_fkey;
ALTER TABLE badge_jobs DROP CONSTRAINT IF EXISTS badge_jobs_attendee_id_fkey;
ALTER TABLE badge_job_relay DROP CONSTRAINT IF EXISTS badge_job_relay_job_id_fkey;

CREATE FUNCTION refuse_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'rows of %.% are kept for the life of their event and cannot be removed',
		TG_TABLE_SCHEMA, TG_TABLE_NAME
		USING ERRCODE = 'restrict_violation';
END
$$;

CREATE TRIGGER attendees_kept BEFORE DELETE OR TRUNCATE ON attendees
	FOR EACH STATEMENT EXECUTE FUNCTION refuse_removal();

CREATE TRIGGER badge_jobs_kept BEFORE DELETE OR TRUNCATE ON badge_jobs
	FOR EACH STATEMENT EXECUTE FUNCTION refuse_removal();
