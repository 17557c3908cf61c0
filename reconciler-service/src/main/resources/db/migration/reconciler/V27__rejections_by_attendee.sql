-- A person's quarantined entries (#41): the help desk lists them from "Find a person" and
-- re-drives one. The raw entry names the attendee (a scrubbed one too, #38).
CREATE INDEX rejections_attendee_idx ON rejections ((entry ->> 'attendeeId'));
