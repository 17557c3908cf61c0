package io.eventops.agent.enrol;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import org.sqlite.SQLiteConfig;

/**
 * Reads which kiosk an existing SQLite log belongs to, read-only, without creating or
 * changing anything in it: enrolment checks it before it redeems a code, because a log
 * opens for its own kiosk only (one log per kiosk).
 */
final class LogOwner {

	private LogOwner() {
	}

	/**
	 * The kiosk a log belongs to.
	 * @param log an existing file
	 * @return the kiosk id, or null when the file holds no kiosk identity (empty, or no
	 * bookkeeping yet)
	 * @throws IOException when the file cannot be read as a SQLite database
	 */
	static String of(Path log) throws IOException {
		SQLiteConfig config = new SQLiteConfig();
		config.setReadOnly(true);
		config.setBusyTimeout(10_000);
		try (Connection connection = config.createConnection("jdbc:sqlite:" + log.toAbsolutePath());
				Statement statement = connection.createStatement()) {
			try (ResultSet table = statement
				.executeQuery("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'log_state'")) {
				if (!table.next()) {
					return null;
				}
			}
			try (ResultSet state = statement.executeQuery("SELECT kiosk_id FROM log_state WHERE id = 1")) {
				return state.next() ? state.getString(1) : null;
			}
		}
		catch (SQLException ex) {
			throw new IOException("Cannot read " + log + " as a kiosk log: " + ex.getMessage(), ex);
		}
	}

}
