-- Issue #36, invariant 14: a capacity that holds while kiosks are offline. One row per entry
-- kiosk of an area with a capacity: the limit on the kiosk's net admissions there (admissions
-- not annulled minus exits, over all its entries) that the server escrowed for it, and the lease
-- during which the server holds those places for it. The limit only moves up while the lease
-- runs (entry-rules' Escrow); grants of one area are serialised by an advisory lock on it.
CREATE TABLE allowances (
	event_id text NOT NULL,
	area_id text NOT NULL,
	kiosk_id text NOT NULL,
	net_limit bigint NOT NULL,
	lease_until timestamptz NOT NULL,
	granted_at timestamptz NOT NULL,
	PRIMARY KEY (event_id, area_id, kiosk_id)
);

-- a kiosk's flushed net per area, read at every grant
CREATE INDEX movements_kiosk_area_idx ON movements (event_id, area_id, kiosk_id) WHERE type IN ('CHECK_IN', 'EXIT');
