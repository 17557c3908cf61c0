package io.eventops.reconciler.privacy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Searches every text, varchar, json, jsonb and text-array column of every table of the
 * database's own schemas (from {@code information_schema.columns}) for a string, case
 * insensitively: the proof of an erasure (#38).
 */
final class CanarySearch {

	private static final String COLUMNS = """
			SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c
			JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
			WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
			  AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')
			    OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar')))
			ORDER BY 1, 2, 3""";

	private CanarySearch() {
	}

	/**
	 * The columns that hold the canary, with how many rows do.
	 * @param jdbc the database
	 * @param canary the string
	 * @return {@code schema.table.column} to rows, only those with hits
	 */
	static Map<String, Long> hits(JdbcTemplate jdbc, String canary) {
		Map<String, Long> hits = new LinkedHashMap<>();
		List<String[]> columns = jdbc.query(COLUMNS,
				(rs, n) -> new String[] { rs.getString(1), rs.getString(2), rs.getString(3) });
		for (String[] column : columns) {
			String sql = "SELECT count(*) FROM \"%s\".\"%s\" WHERE \"%s\"::text ILIKE ?".formatted(column[0], column[1],
					column[2]);
			long rows = jdbc.queryForObject(sql, Long.class, "%" + canary + "%");
			if (rows > 0) {
				hits.put(column[0] + "." + column[1] + "." + column[2], rows);
			}
		}
		return hits;
	}

	/**
	 * How many columns were searched (a search of nothing finds nothing).
	 * @param jdbc the database
	 * @return the number of columns
	 */
	static long columns(JdbcTemplate jdbc) {
		return jdbc.queryForObject("SELECT count(*) FROM (" + COLUMNS + ") c", Long.class);
	}

}
