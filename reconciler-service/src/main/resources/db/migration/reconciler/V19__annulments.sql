-- Annulments (issue #36, invariant 13): an ANNUL movement names the admission it undoes in
-- annuls. "Is this admission annulled?" is asked per admission by the head-count, the per-area
-- counts and the re-judgement: one index lookup by attendee and annulled key.
CREATE INDEX movements_annulled_idx ON movements (attendee_id, annuls) WHERE type = 'ANNUL';
