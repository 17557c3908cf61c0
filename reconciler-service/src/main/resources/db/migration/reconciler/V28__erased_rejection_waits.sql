-- An entry quarantined while its attendee (or its event) is erased (issue #38, invariant 15):
-- the trigger of V24 read erased_at without a lock, before the erasure committed, and the
-- erasure's scrub of rejections cannot see the batch's uncommitted row, so the raw entry kept
-- its badge override. The trigger now reads the event row and the attendee row FOR SHARE, which
-- conflicts with the erasure's FOR NO KEY UPDATE of the event (taken first, by either scope) and
-- its UPDATE of the attendee: a batch that quarantines during an erasure waits for it and then
-- sees erased_at; an erasure that starts after the batch's insert waits for the batch to commit
-- and then scrubs its row. A deadlock with a check-in's override trigger (attendee FOR SHARE)
-- rolls back one side: the erasure runs again, the batch answers 503 and the kiosk resends.
CREATE OR REPLACE FUNCTION keep_erased_rejection() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	event_erased timestamptz;
	attendee_erased timestamptz;
BEGIN
	SELECT e.erased_at INTO event_erased FROM reconciler.events e WHERE e.event_id = NEW.event_id FOR SHARE;
	SELECT a.erased_at INTO attendee_erased FROM reconciler.attendees a
		WHERE a.attendee_id = NEW.entry ->> 'attendeeId' FOR SHARE;
	IF event_erased IS NOT NULL OR attendee_erased IS NOT NULL THEN
		NEW.entry := reconciler.scrub_entry(NEW.entry);
	END IF;
	RETURN NEW;
END
$$;
