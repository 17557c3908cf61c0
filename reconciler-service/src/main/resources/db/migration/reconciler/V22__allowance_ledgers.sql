-- Issue #36, invariant 14: an allowance is a ledger now, not a limit on a kiosk's net over all its
-- entries. A net let an exit that undid no admission (a double scan, someone let in elsewhere or
-- counted out by the automatic check-out) give the kiosk a place that was not free. A grant gives a
-- number of places the kiosk may hold in its entries after a base (its acknowledged seq when it
-- asked); an exit there gives one back only for someone the kiosk let in after the base
-- (entry-rules' Escrow). The server counts inside-now over every movement but each live ledger's
-- entries after its base, and keeps two grants per kiosk: the one it holds and the one on its way,
-- until the kiosk names it. The limits of the old form mean nothing in the new: allowances are
-- leases, and every kiosk asks again after its next flush round (the form shipped with no venue).
DELETE FROM allowances;
ALTER TABLE allowances DROP COLUMN net_limit;
ALTER TABLE allowances ADD COLUMN grant_no bigint;
ALTER TABLE allowances ADD COLUMN base_seq bigint NOT NULL;
ALTER TABLE allowances ADD COLUMN places bigint NOT NULL CHECK (places >= 0);
ALTER TABLE allowances ADD COLUMN next_grant bigint NOT NULL;
ALTER TABLE allowances ADD COLUMN next_base bigint NOT NULL;
ALTER TABLE allowances ADD COLUMN next_places bigint NOT NULL CHECK (next_places >= 0);
ALTER TABLE allowances ADD COLUMN between_held bigint NOT NULL CHECK (between_held >= 0);
ALTER TABLE allowances ADD COLUMN next_lease_until timestamptz NOT NULL;
ALTER TABLE allowances ADD CONSTRAINT allowances_bases CHECK (next_base >= base_seq);

-- grant numbers, unique across kiosks and areas
CREATE SEQUENCE allowance_grants;

-- a kiosk's entries at the area after a base, in seq order, read at every grant
DROP INDEX movements_kiosk_area_idx;
CREATE INDEX movements_kiosk_area_idx ON movements (event_id, area_id, kiosk_id, seq) WHERE type IN ('CHECK_IN', 'EXIT');
