package io.eventops.drills.profile;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import io.eventops.drills.stack.Database;

/**
 * PostgreSQL's own account of a window ({@code pg_stat_statements}): reset before, read
 * after, the statements that took the most execution time.
 */
public final class SlowStatements {

	private SlowStatements() {
	}

	/**
	 * Starts a window: creates the extension where needed and resets its counters.
	 * @param database the suite's database
	 * @return whether the extension is available
	 */
	public static boolean reset(Database database) {
		try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
			statement.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
			statement.execute("SELECT pg_stat_statements_reset()");
			return true;
		}
		catch (SQLException ex) {
			System.out.println("[profile] pg_stat_statements unavailable: " + ex.getMessage());
			return false;
		}
	}

	/**
	 * The statements of every database that took the most time since the reset.
	 * @param database the suite's database
	 * @param limit how many
	 * @return the statements, slowest first
	 */
	public static List<Row> top(Database database, int limit) {
		List<Row> rows = new ArrayList<>();
		try {
			database.query("""
					SELECT calls, total_exec_time, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 110)
					FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT ?""",
					(rs) -> rows.add(new Row(rs.getLong(1), rs.getDouble(2), rs.getLong(3), rs.getString(4))), limit);
		}
		catch (RuntimeException ex) {
			System.out.println("[profile] pg_stat_statements unreadable: " + ex.getMessage());
		}
		return rows;
	}

	/**
	 * Writes every statement since the reset, with PostgreSQL's deterministic counts
	 * (calls, rows, shared blocks hit, read and dirtied, WAL records and bytes) beside
	 * the times, as tab-separated lines: a window's statements compared with another's by
	 * counts, which a shared machine does not move as it moves times (issue #39).
	 * @param database the suite's database
	 * @param file where to write them
	 */
	public static void dump(Database database, java.nio.file.Path file) {
		StringBuilder lines = new StringBuilder(
				"calls\trows\ttotal_exec_ms\tshared_blks_hit\tshared_blks_read\tshared_blks_dirtied\twal_records\twal_bytes\tquery\n");
		try {
			database.query("""
					SELECT calls, rows, total_exec_time, shared_blks_hit, shared_blks_read, shared_blks_dirtied,
					  wal_records, wal_bytes, regexp_replace(query, '\\s+', ' ', 'g')
					FROM pg_stat_statements ORDER BY total_exec_time DESC""",
					(rs) -> lines.append(rs.getLong(1))
						.append('\t')
						.append(rs.getLong(2))
						.append('\t')
						.append(String.format(java.util.Locale.ROOT, "%.3f", rs.getDouble(3)))
						.append('\t')
						.append(rs.getLong(4))
						.append('\t')
						.append(rs.getLong(5))
						.append('\t')
						.append(rs.getLong(6))
						.append('\t')
						.append(rs.getLong(7))
						.append('\t')
						.append(rs.getBigDecimal(8))
						.append('\t')
						.append(rs.getString(9))
						.append('\n'));
			java.nio.file.Files.writeString(file, lines);
		}
		catch (RuntimeException | java.io.IOException ex) {
			System.out.println("[profile] pg_stat_statements not written to " + file + ": " + ex.getMessage());
		}
	}

	/**
	 * One statement's totals.
	 *
	 * @param calls executions
	 * @param totalMillis execution time, summed
	 * @param rows rows returned or affected
	 * @param query the normalised statement, shortened
	 */
	public record Row(long calls, double totalMillis, long rows, String query) {
	}

}
