package io.eventops.drills.baseline;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import io.eventops.drills.stack.Database;

/**
 * A baseline's own schema on the suite's PostgreSQL, with the reconciler's tables in the
 * same shape (keys, unique constraints, foreign keys to the registry, indexes) and the
 * same registry; dropped when the baseline is done.
 */
final class ScratchSchema implements AutoCloseable {

	private final Database database;

	private final String name;

	private ScratchSchema(Database database, String name) {
		this.database = database;
		this.name = name;
	}

	static ScratchSchema create(Database database, String name, String eventId, List<String> attendees)
			throws SQLException {
		ScratchSchema schema = new ScratchSchema(database, name);
		try (Connection connection = database.connect(); Statement ddl = connection.createStatement()) {
			String s = name;
			ddl.execute("DROP SCHEMA IF EXISTS " + s + " CASCADE");
			ddl.execute("CREATE SCHEMA " + s);
			ddl.execute("CREATE TABLE " + s + ".attendees (attendee_id text PRIMARY KEY, event_id text NOT NULL,"
					+ " display_name text NOT NULL, credential_version int NOT NULL DEFAULT 1)");
			ddl.execute("CREATE TABLE " + s + ".check_ins (attendee_id text PRIMARY KEY REFERENCES " + s
					+ ".attendees (attendee_id), event_id text NOT NULL, origin_rank smallint NOT NULL,"
					+ " seq bigint NOT NULL, source_id text COLLATE \"C\" NOT NULL, idempotency_key text NOT NULL,"
					+ " captured_at timestamptz NOT NULL, first_checked_in_at timestamptz NOT NULL DEFAULT now(),"
					+ " updated_at timestamptz NOT NULL DEFAULT now())");
			ddl.execute("CREATE INDEX ON " + s + ".check_ins (event_id)");
			ddl.execute("CREATE TABLE " + s + ".processed_entries (idempotency_key text PRIMARY KEY,"
					+ " source_id text NOT NULL, seq bigint NOT NULL, attendee_id text, fingerprint text NOT NULL,"
					+ " outcome text NOT NULL, reason text, received_at timestamptz NOT NULL DEFAULT now())");
			ddl.execute("CREATE INDEX ON " + s + ".processed_entries (attendee_id)");
			ddl.execute("CREATE TABLE " + s + ".badge_jobs (job_id uuid PRIMARY KEY, attendee_id text NOT NULL"
					+ " REFERENCES " + s + ".attendees (attendee_id), event_id text NOT NULL,"
					+ " credential_version int NOT NULL, printer_pool text NOT NULL, reason text NOT NULL,"
					+ " created_at timestamptz NOT NULL DEFAULT now(), UNIQUE (attendee_id, credential_version))");
			ddl.execute("CREATE INDEX ON " + s + ".badge_jobs (event_id)");
			ddl.execute("CREATE SEQUENCE " + s + ".stream_seq");
			ddl.execute("CREATE TABLE " + s + ".change_log (stream_seq bigint PRIMARY KEY, event_id text NOT NULL,"
					+ " attendee_id text NOT NULL, kind text NOT NULL, committed_at timestamptz NOT NULL DEFAULT now())");
			try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + s
					+ ".attendees (attendee_id, event_id, display_name) SELECT a, ?, 'Attendee ' || a FROM unnest(?::text[]) AS t(a)")) {
				insert.setString(1, eventId);
				insert.setArray(2, connection.createArrayOf("text", attendees.toArray()));
				insert.executeUpdate();
			}
			ddl.execute("ANALYZE " + s + ".attendees");
		}
		return schema;
	}

	String name() {
		return this.name;
	}

	@Override
	public void close() throws SQLException {
		try (Connection connection = this.database.connect(); Statement ddl = connection.createStatement()) {
			ddl.execute("DROP SCHEMA IF EXISTS " + this.name + " CASCADE");
		}
	}

}
