package io.eventops.orchestrator.printer;

import java.lang.Character.UnicodeScript;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import tools.jackson.databind.json.JsonMapper;

import io.eventops.printer.client.ConfirmationMode;
import io.eventops.printer.zpl.PrinterFont;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Repository;

/**
 * The printers table: registration, health as recorded by the probes, and the state
 * changes of failover and recovery, each one conditional statement.
 */
@Repository
public class PrinterRegistry {

	private static final String COLUMNS = "printer_id, host, port, pool, state, consecutive_probe_failures, "
			+ "last_status::text AS last_status, down_since, probe_print_ok_at, confirmation_mode, text_font_file, "
			+ "text_font_scripts";

	private final JdbcTemplate jdbc;

	private final JsonMapper json;

	private final RowMapper<Printer> mapper = this::map;

	public PrinterRegistry(JdbcTemplate jdbc, JsonMapper json) {
		this.jdbc = jdbc;
		this.json = json;
	}

	/**
	 * Registers a printer; it is SUSPECT until its first clean probe.
	 * @param printerId the id
	 * @param host its host
	 * @param port its raw port
	 * @param pool its pool
	 * @param textFont the font it draws text fields with
	 * @return the printer
	 * @throws OperationRefusedException when the id is taken
	 */
	public Printer register(String printerId, String host, int port, String pool, PrinterFont textFont) {
		try {
			this.jdbc.update(
					"INSERT INTO printing.printers (printer_id, host, port, pool, state, text_font_file,"
							+ " text_font_scripts) VALUES (?, ?, ?, ?, ?, ?, ?::text[])",
					printerId, host, port, pool, PrinterState.SUSPECT.name(), textFont.file(), scripts(textFont));
		}
		catch (DuplicateKeyException ex) {
			throw OperationRefusedException.conflict(PrintProblem.PRINTER_EXISTS,
					"Printer '" + printerId + "' already exists.");
		}
		return require(printerId);
	}

	/**
	 * Changes the font a printer draws text fields with; the next badge sent to it is
	 * rendered for the new font.
	 * @param printerId the printer
	 * @param textFont the font
	 * @return the printer
	 * @throws OperationRefusedException when there is no such printer
	 */
	public Printer changeTextFont(String printerId, PrinterFont textFont) {
		int updated = this.jdbc.update("UPDATE printing.printers SET text_font_file = ?, text_font_scripts = ?::text[],"
				+ " updated_at = now() WHERE printer_id = ?", textFont.file(), scripts(textFont), printerId);
		if (updated == 0) {
			throw OperationRefusedException.unknownPrinter(printerId);
		}
		return require(printerId);
	}

	// a PostgreSQL array literal of script names (enum names: letters and underscores)
	private static String scripts(PrinterFont font) {
		return font.scripts().stream().map(Enum::name).sorted().collect(Collectors.joining(",", "{", "}"));
	}

	public Optional<Printer> find(String printerId) {
		return this.jdbc
			.query("SELECT " + COLUMNS + " FROM printing.printers WHERE printer_id = ?", this.mapper, printerId)
			.stream()
			.findFirst();
	}

	public Printer require(String printerId) {
		return find(printerId).orElseThrow(() -> OperationRefusedException.unknownPrinter(printerId));
	}

	public List<Printer> all() {
		return this.jdbc.query("SELECT " + COLUMNS + " FROM printing.printers ORDER BY printer_id", this.mapper);
	}

	/**
	 * The UP printers of a pool.
	 * @param pool the pool
	 * @return its printers that may get work
	 */
	public List<Printer> upInPool(String pool) {
		return this.jdbc.query("SELECT " + COLUMNS + " FROM printing.printers WHERE pool = ? AND state = 'UP'"
				+ " ORDER BY printer_id", this.mapper, pool);
	}

	/**
	 * Records a probe and the state it leads to, unless the state changed meanwhile
	 * (failover, disable or enable won).
	 * @param printerId the printer
	 * @param expected the state the decision was based on
	 * @param next the new state
	 * @param failures consecutive failures after this probe
	 * @param status the reading
	 * @return whether the row was updated
	 */
	public boolean recordProbe(String printerId, PrinterState expected, PrinterState next, int failures,
			StatusSnapshot status) {
		return this.jdbc.update("""
				UPDATE printing.printers SET state = ?, consecutive_probe_failures = ?, last_status = ?::jsonb,
					down_since = CASE WHEN ? IN ('DOWN', 'DISABLED') AND state NOT IN ('DOWN', 'DISABLED')
						THEN now() ELSE down_since END,
					updated_at = now()
				WHERE printer_id = ? AND state = ?""", next.name(), failures, this.json.writeValueAsString(status),
				next.name(), printerId, expected.name()) == 1;
	}

	/**
	 * Takes a printer out of service: DOWN unless it is already out (a DISABLED printer
	 * stays DISABLED), or DISABLED.
	 * @param printerId the printer
	 * @param target DOWN or DISABLED
	 * @return whether the state changed
	 */
	public boolean takeOut(String printerId, PrinterState target) {
		if (target == PrinterState.DOWN) {
			return this.jdbc
				.update("UPDATE printing.printers SET state = 'DOWN', down_since = now(), updated_at = now()"
						+ " WHERE printer_id = ? AND state IN ('UP', 'SUSPECT')", printerId) == 1;
		}
		return this.jdbc.update("UPDATE printing.printers SET state = 'DISABLED', down_since = now(),"
				+ " updated_at = now() WHERE printer_id = ? AND state <> 'DISABLED'", printerId) == 1;
	}

	/**
	 * Records how a printer proves a label out, as a probe found out.
	 * @param printerId the printer
	 * @param mode the mode, null to have the next probe find out again
	 */
	public void recordConfirmationMode(String printerId, ConfirmationMode mode) {
		String value = (mode != null) ? mode.name() : null;
		this.jdbc.update(
				"UPDATE printing.printers SET confirmation_mode = ?::text, updated_at = now()"
						+ " WHERE printer_id = ? AND confirmation_mode IS DISTINCT FROM ?::text",
				value, printerId, value);
	}

	/**
	 * Records a confirmed probe print.
	 * @param printerId the printer
	 * @return when, by the database clock (the same clock as down_since)
	 */
	public Instant markProbePrinted(String printerId) {
		return this.jdbc
			.queryForObject(
					"UPDATE printing.printers SET probe_print_ok_at = clock_timestamp(),"
							+ " updated_at = now() WHERE printer_id = ? RETURNING probe_print_ok_at",
					Timestamp.class, printerId)
			.toInstant();
	}

	/**
	 * Brings an out printer back, only if its latest probe was clean and a probe print
	 * confirmed after it went out (invariant 9).
	 * @param printerId the printer
	 * @return whether it is UP now
	 */
	public boolean enable(String printerId) {
		return this.jdbc.update("""
				UPDATE printing.printers SET state = 'UP', down_since = NULL, updated_at = now()
				WHERE printer_id = ? AND state IN ('DOWN', 'DISABLED') AND consecutive_probe_failures = 0
					AND coalesce((last_status ->> 'ready')::boolean, false)
					AND probe_print_ok_at IS NOT NULL AND (down_since IS NULL OR probe_print_ok_at > down_since)""",
				printerId) == 1;
	}

	private Printer map(ResultSet rs, int row) throws SQLException {
		String status = rs.getString("last_status");
		return new Printer(rs.getString("printer_id"), rs.getString("host"), rs.getInt("port"), rs.getString("pool"),
				PrinterState.valueOf(rs.getString("state")), rs.getInt("consecutive_probe_failures"),
				(status != null) ? this.json.readValue(status, StatusSnapshot.class) : null,
				instant(rs.getTimestamp("down_since")), instant(rs.getTimestamp("probe_print_ok_at")),
				(rs.getString("confirmation_mode") != null)
						? ConfirmationMode.valueOf(rs.getString("confirmation_mode")) : null,
				textFont(rs));
	}

	private static PrinterFont textFont(ResultSet rs) throws SQLException {
		String file = rs.getString("text_font_file");
		if (file == null) {
			return PrinterFont.RESIDENT_0;
		}
		Set<UnicodeScript> scripts = EnumSet.noneOf(UnicodeScript.class);
		for (String name : (String[]) rs.getArray("text_font_scripts").getArray()) {
			scripts.add(UnicodeScript.valueOf(name));
		}
		return PrinterFont.stored(file, scripts);
	}

	private static Instant instant(Timestamp timestamp) {
		return (timestamp != null) ? timestamp.toInstant() : null;
	}

}
