package io.eventops.drills.stack;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import io.eventops.localstack.RunningSuite;

/**
 * Plain JDBC access to the suite's PostgreSQL, for the checks (which read the services'
 * tables, never write them) and the baselines (which write only their own scratch
 * schemas).
 */
public final class Database {

	private final String url;

	private final String user;

	/**
	 * The suite's database.
	 * @param suite the suite
	 */
	public Database(RunningSuite suite) {
		this(suite.jdbcUrl(), suite.databaseUser());
	}

	/**
	 * A database by URL.
	 * @param url the JDBC URL
	 * @param user the user (no password)
	 */
	public Database(String url, String user) {
		this.url = url;
		this.user = user;
	}

	/**
	 * A new connection (the caller closes it).
	 * @return the connection
	 * @throws SQLException when it cannot connect
	 */
	public Connection connect() throws SQLException {
		return DriverManager.getConnection(this.url, this.user, "");
	}

	/**
	 * One number from a query.
	 * @param sql the query, one row, one column
	 * @param params its parameters
	 * @return the number
	 */
	public long number(String sql, Object... params) {
		List<Long> rows = longs(sql, params);
		return rows.isEmpty() ? 0 : rows.get(0);
	}

	/**
	 * The first column of every row, as numbers.
	 * @param sql the query
	 * @param params its parameters
	 * @return the values
	 */
	public List<Long> longs(String sql, Object... params) {
		List<Long> values = new ArrayList<>();
		query(sql, (rs) -> values.add(rs.getLong(1)), params);
		return values;
	}

	/**
	 * The first column of every row, as text.
	 * @param sql the query
	 * @param params its parameters
	 * @return the values
	 */
	public List<String> strings(String sql, Object... params) {
		List<String> values = new ArrayList<>();
		query(sql, (rs) -> values.add(rs.getString(1)), params);
		return values;
	}

	/**
	 * Runs a query, handing every row to a consumer.
	 * @param sql the query; {@code String[]} parameters are bound as {@code text[]}
	 * @param row the consumer
	 * @param params its parameters
	 */
	public void query(String sql, RowConsumer row, Object... params) {
		try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
			for (int i = 0; i < params.length; i++) {
				if (params[i] instanceof String[] texts) {
					statement.setArray(i + 1, connection.createArrayOf("text", texts));
				}
				else {
					statement.setObject(i + 1, params[i]);
				}
			}
			try (ResultSet rs = statement.executeQuery()) {
				while (rs.next()) {
					row.accept(rs);
				}
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Query failed: " + sql + ": " + ex.getMessage(), ex);
		}
	}

	/**
	 * Reads one row.
	 */
	@FunctionalInterface
	public interface RowConsumer {

		/**
		 * Reads the current row.
		 * @param rs the result set
		 * @throws SQLException when a column cannot be read
		 */
		void accept(ResultSet rs) throws SQLException;

	}

}
