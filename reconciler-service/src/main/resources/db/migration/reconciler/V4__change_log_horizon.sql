-- How far each event's change log was pruned: a reader positioned below the horizon has missed
-- changes and must take a new snapshot (HTTP 410).
CREATE TABLE change_log_horizon (
	event_id text PRIMARY KEY,
	pruned_through bigint NOT NULL
);
