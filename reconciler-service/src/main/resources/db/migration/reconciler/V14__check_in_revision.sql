-- How often an attendee's winning record was written: 1 for the row the first check-in inserted,
-- one more for every later winning write. The upserts tell the first check-in (the badge job, the
-- CHECKED_IN change) by RETURNING revision = 1, instead of by xmax = 0 after ON CONFLICT DO UPDATE,
-- which PostgreSQL does not document. Rows already stored start at 1, so their next winning write
-- makes 2: the revision is only ever 1 right after the insert.
ALTER TABLE check_ins ADD COLUMN revision integer NOT NULL DEFAULT 1;
