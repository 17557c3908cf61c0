-- Annulments (issue #36, invariant 13): an ANNUL movement names the admission it undoes in
-- annuls. "Is this admission annulled?" is asked per admission by the head-count, the per-area
-- counts and the re-judgement: one index lookup by attendee and annulled key.
CREATE INDEX movements_annulled_idx ON movements (attendee_id, annuls) WHERE type = 'ANNUL';

-- An annulment ops asked for (POST /admin/v1/attendees/{attendeeId}/annul): the client's
-- idempotency key with what it annulled and the server-issued entry (desk:annul:{seq}) that did
-- it, so that the same request again answers the same and changes nothing. The row is written
-- in the transaction of the annulment's guard row (invariant 1).
CREATE TABLE desk_annulments (
	request_key text PRIMARY KEY,
	attendee_id text NOT NULL REFERENCES attendees (attendee_id),
	reason text NOT NULL,
	annulment_key text,
	annulled_key text,
	created_at timestamptz NOT NULL DEFAULT now()
);

-- The badge job of an annulled admission (#36). admission_key: the admission whose transaction
-- created the job (jobs created before this migration, by desk corrections and reprints have
-- none). annulled_at: set when that admission is annulled and no other admission of the attendee
-- at the same area stands; the print orchestrator then withdraws the job if it has not been sent,
-- and shows a printed one as annulledAfterPrint so that ops collect the badge. An annulled job
-- counts nowhere: the post-incident check reads badge jobs <= checked in + reprints without it.
ALTER TABLE badge_jobs ADD COLUMN admission_key text;
ALTER TABLE badge_jobs ADD COLUMN annulled_at timestamptz;
CREATE INDEX badge_jobs_admission_idx ON badge_jobs (admission_key) WHERE admission_key IS NOT NULL;

-- The published way for the print orchestrator to ask which of some jobs are annulled (it reads
-- no reconciler table; SECURITY DEFINER, as take_from_badge_job_outbox).
CREATE FUNCTION annulled_badge_jobs(jobs uuid[]) RETURNS SETOF uuid LANGUAGE sql STABLE
	SECURITY DEFINER SET search_path = reconciler, pg_temp AS $$
	SELECT j.job_id FROM reconciler.badge_jobs j WHERE j.job_id = ANY (jobs) AND j.annulled_at IS NOT NULL
$$;
