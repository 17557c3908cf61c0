-- Desk corrections were keyed desk:{seq}, which is also the key of seq {seq} of a kiosk named
-- "desk": whichever came second was refused (the kiosk's check-in as key reuse for good, the
-- correction with a unique violation). Corrections are now keyed desk:correction:{seq}, which no
-- kiosk key {kioskId}:{seq} can be (kiosk ids have no colon); the corrections stored before move
-- to their new key, so that a kiosk named "desk" can have those seqs. A correction's guard row is
-- told from a kiosk's by its fingerprint: eight hex digits at most, a kiosk entry's has 64.
UPDATE processed_entries SET idempotency_key = 'desk:correction:' || seq
WHERE source_id = 'desk' AND idempotency_key = 'desk:' || seq AND length(fingerprint) <= 8;

UPDATE check_ins SET idempotency_key = 'desk:correction:' || seq
WHERE origin_rank = 1 AND idempotency_key = 'desk:' || seq;
