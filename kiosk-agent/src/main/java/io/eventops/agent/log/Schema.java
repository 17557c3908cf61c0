package io.eventops.agent.log;

import java.util.List;

/**
 * The log's tables, and triggers that make the storage itself refuse what the agent must
 * never do: change a written entry, truncate an unacknowledged one, or move the watermark
 * back.
 */
final class Schema {

	static final List<String> STATEMENTS = List.of("""
			CREATE TABLE IF NOT EXISTS log_state (
				id INTEGER PRIMARY KEY CHECK (id = 1),
				kiosk_id TEXT NOT NULL,
				last_seq INTEGER NOT NULL,
				last_acked_seq INTEGER NOT NULL,
				sequence_known INTEGER NOT NULL,
				last_error TEXT,
				last_error_at TEXT,
				last_success_at TEXT,
				sequence_conflict TEXT)""", """
			CREATE TABLE IF NOT EXISTS entries (
				seq INTEGER PRIMARY KEY,
				idempotency_key TEXT NOT NULL UNIQUE,
				attendee_id TEXT NOT NULL,
				captured_at TEXT NOT NULL,
				queued_at TEXT NOT NULL,
				payload BLOB NOT NULL)""", """
			CREATE INDEX IF NOT EXISTS entries_by_attendee ON entries (attendee_id)""", """
			CREATE TABLE IF NOT EXISTS results (
				seq INTEGER PRIMARY KEY,
				outcome TEXT NOT NULL,
				reason TEXT,
				flags TEXT,
				deliveries INTEGER NOT NULL,
				received_at_ms INTEGER NOT NULL)""", """
			DROP TABLE IF EXISTS allowance""", """
			CREATE TABLE IF NOT EXISTS allowance_grant (
				id INTEGER PRIMARY KEY CHECK (id = 1),
				area_id TEXT NOT NULL,
				capacity INTEGER,
				grant_no INTEGER,
				base_seq INTEGER NOT NULL,
				places INTEGER,
				held_when_taken INTEGER NOT NULL,
				lease_until TEXT,
				received_at TEXT NOT NULL)""", """
			CREATE TABLE IF NOT EXISTS dead_letters (
				seq INTEGER PRIMARY KEY,
				status INTEGER NOT NULL,
				detail TEXT,
				dead_at TEXT NOT NULL)""", """
			CREATE TRIGGER IF NOT EXISTS entries_append_only BEFORE UPDATE ON entries
			BEGIN SELECT RAISE(ABORT, 'log entries are append-only'); END""", """
			CREATE TRIGGER IF NOT EXISTS entries_truncate_acknowledged_only BEFORE DELETE ON entries
			WHEN OLD.seq > (SELECT last_acked_seq FROM log_state WHERE id = 1)
			BEGIN SELECT RAISE(ABORT, 'only acknowledged entries may be truncated'); END""", """
			CREATE TRIGGER IF NOT EXISTS watermark_forward_only BEFORE UPDATE OF last_acked_seq ON log_state
			WHEN NEW.last_acked_seq < OLD.last_acked_seq
			BEGIN SELECT RAISE(ABORT, 'the watermark never moves back'); END""");

	private Schema() {
	}

}
