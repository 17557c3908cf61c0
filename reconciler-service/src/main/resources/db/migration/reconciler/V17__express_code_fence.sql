-- The fence of an express code's check-ins (issue #42, item 10; invariant 1). A redemption claims
-- the code with a lease, then commits its check-ins in a transaction of the batch path. The lease
-- can run out while those check-ins are on their way (a stalled pod, a slow PostgreSQL), and
-- another station may then claim the code for another selection: without a check in the
-- check-ins' own transaction, both attempts committed and one code checked in attendees of two
-- selections. So every guard row of a code's key (source xc:{CODE}, seq = the attendee's position
-- in the code) locks the code's row in its transaction, until that transaction ends, and commits
-- only while the code is not replaced and its position's attendee is one of the selection of the
-- attempt that claimed it last. A claim takes the same row lock: it waits for a check-in
-- transaction that passed the fence and then sees its check-ins, and a stale attempt's check-ins
-- that come after a claim for another selection fail here. A stale attempt's check-in of an
-- attendee the new selection holds as well passes: it is the same key and payload the new
-- attempt writes (the capture time is the code's first claim, V10), a replay of it.
-- AFTER, so that only a row the guard insert wrote is checked (ON CONFLICT DO NOTHING skips a
-- replayed key, which changes nothing). SQLSTATE EX001 is not a data error (class 22/23), so the
-- batch path blames no entry for it and quarantines nothing; the redemption answers 409 in-flight.
CREATE FUNCTION express_code_fence() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	held reconciler.express_codes%ROWTYPE;
BEGIN
	SELECT * INTO held FROM reconciler.express_codes WHERE code = substr(NEW.source_id, 4) FOR UPDATE;
	IF NOT FOUND OR held.replaced_by IS NOT NULL OR held.selection IS NULL
			OR NEW.seq NOT BETWEEN 1 AND cardinality(held.attendee_ids) THEN
		RAISE EXCEPTION USING ERRCODE = 'EX001',
			MESSAGE = format('check-in %s: the express code is not held for it', NEW.idempotency_key);
	END IF;
	IF NEW.attendee_id IS DISTINCT FROM held.attendee_ids[NEW.seq::int]
			OR NOT (NEW.attendee_id = ANY (held.selection)) THEN
		RAISE EXCEPTION USING ERRCODE = 'EX001',
			MESSAGE = format('check-in %s: not in the selection of the attempt holding the express code',
				NEW.idempotency_key);
	END IF;
	RETURN NULL;
END $$;

CREATE TRIGGER express_code_fence AFTER INSERT ON processed_entries FOR EACH ROW
	WHEN (NEW.source_id LIKE 'xc:%') EXECUTE FUNCTION express_code_fence();
