-- Issue #36, invariant 14: a grant carries over the attendees its kiosk let in before its base and
-- who are inside by that admission, so that their exit at the kiosk gives the place back offline
-- too (entry-rules' Escrow.carry). The server's count leaves out the kiosk's admissions of them.
ALTER TABLE allowances ADD COLUMN carried text[] NOT NULL DEFAULT '{}';
ALTER TABLE allowances ADD COLUMN next_carried text[] NOT NULL DEFAULT '{}';
