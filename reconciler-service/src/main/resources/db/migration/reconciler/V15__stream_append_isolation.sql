-- The change log's order rests on READ COMMITTED (invariant 10): a change is inserted by a
-- statement that takes its snapshot once the event's stream lock is granted, so it sees every
-- change committed before it in stream order. Under REPEATABLE READ or SERIALIZABLE the snapshot
-- would be the transaction's first, older than the lock, and a change could carry an older state
-- of the attendee than one before it in the stream. The append calls this first and fails there.
-- SQLSTATE 25000 (invalid transaction state): not a data error, so no entry is blamed for it.
CREATE FUNCTION require_read_committed() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('transaction_isolation') <> 'read committed' THEN
		RAISE EXCEPTION USING ERRCODE = '25000',
			MESSAGE = 'the change log is appended under READ COMMITTED only, not '
				|| upper(current_setting('transaction_isolation'));
	END IF;
END $$;
