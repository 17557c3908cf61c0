-- When a code's redemption was first claimed. The check-ins a redemption writes carry it as
-- their capture and queue time, so a resumed attempt (the pod died after the check-ins committed
-- and before the result was stored) sends the very same entries again: a replay (DUPLICATE), never
-- key reuse (invariant 3). V10, not V9: another change of this release may take V9.
ALTER TABLE express_codes ADD COLUMN first_claimed_at timestamptz;
