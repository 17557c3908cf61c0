package io.eventops.reconciler.checkin;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

/**
 * Runs set-based statements whose parameters are PostgreSQL arrays, so that one statement
 * carries a whole batch ({@code unnest(?::text[], …)}) and the round trips stay fixed.
 */
final class SqlArrays {

	private SqlArrays() {
	}

	static Param text(Collection<String> values) {
		return new Param("text", values.toArray(new String[0]));
	}

	static Param int8(Collection<Long> values) {
		return new Param("int8", values.toArray(new Long[0]));
	}

	static Param bool(Collection<Boolean> values) {
		return new Param("bool", values.toArray(new Boolean[0]));
	}

	static Param value(Object value) {
		return new Param(null, new Object[] { value });
	}

	static <T> List<T> query(JdbcTemplate jdbc, String sql, RowMapper<T> mapper, Param... params) {
		return jdbc.query((connection) -> prepare(connection, sql, params), mapper);
	}

	static int update(JdbcTemplate jdbc, String sql, Param... params) {
		return jdbc.update((connection) -> prepare(connection, sql, params));
	}

	private static PreparedStatement prepare(Connection connection, String sql, Param... params) throws SQLException {
		PreparedStatement statement = connection.prepareStatement(sql);
		for (int i = 0; i < params.length; i++) {
			Param param = params[i];
			if (param.type() == null) {
				statement.setObject(i + 1, param.values()[0]);
			}
			else {
				statement.setArray(i + 1, connection.createArrayOf(param.type(), param.values()));
			}
		}
		return statement;
	}

	/**
	 * One statement parameter: an array of a PostgreSQL element type, or a plain value.
	 *
	 * @param type the element type name, or {@code null} for a plain value
	 * @param values the elements (one for a plain value)
	 */
	record Param(String type, Object[] values) {
	}

}
