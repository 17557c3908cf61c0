package io.eventops.orchestrator.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.eventops.orchestrator.printer.PrinterState;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Gauges of the printer registry and the print ledger as PostgreSQL holds them, so that
 * every replica reports the same values: each printer's state, since when it is out, and
 * the jobs the ledger has on it, plus the ledger's unknown-outcome and possible-duplicate
 * jobs. The probe gauges of {@link PrintMetrics} are kept only by the replica holding a
 * printer's lease and go stale on one that lost it; the alerts use these instead.
 */
@Component
class RegistryGauges {

	private static final Logger logger = LoggerFactory.getLogger(RegistryGauges.class);

	private static final String PRINTERS = """
			SELECT p.printer_id, p.pool, p.state, extract(epoch FROM p.down_since) AS out_since,
			  (SELECT count(*) FROM printing.print_jobs j
			   WHERE j.printer_id = p.printer_id AND j.state IN ('QUEUED', 'PRINTING', 'UNKNOWN_OUTCOME')) AS jobs
			FROM printing.printers p""";

	private final JdbcTemplate jdbc;

	private final MultiGauge state;

	private final MultiGauge jobs;

	private final MultiGauge outSince;

	RegistryGauges(MeterRegistry registry, JdbcTemplate jdbc) {
		this.jdbc = jdbc;
		this.state = MultiGauge.builder("eventops.print.registry.printer.state")
			.description("Printer state in printing.printers: 0 UP, 1 SUSPECT, 2 DOWN, 3 DISABLED")
			.register(registry);
		this.jobs = MultiGauge.builder("eventops.print.registry.printer.jobs")
			.description("Jobs the print ledger has on the printer: QUEUED, PRINTING or UNKNOWN_OUTCOME")
			.register(registry);
		this.outSince = MultiGauge.builder("eventops.print.registry.printer.out.since")
			.description("When a DOWN or DISABLED printer was taken out, epoch seconds")
			.baseUnit("seconds")
			.register(registry);
		Gauge
			.builder("eventops.print.jobs.unknown.outcome", this, (gauges) -> gauges.count("state = 'UNKNOWN_OUTCOME'"))
			.description("Print jobs whose printer never confirmed them (UNKNOWN_OUTCOME in the ledger)")
			.register(registry);
		Gauge.builder("eventops.print.jobs.possible.duplicates", this, (gauges) -> gauges.count("possible_duplicate"))
			.description("Print jobs flagged possible_duplicate in the ledger: a second badge may exist")
			.register(registry);
	}

	/**
	 * Reads the registry again; printers added or removed since appear or disappear.
	 */
	@Scheduled(fixedDelay = 10, timeUnit = TimeUnit.SECONDS)
	void refresh() {
		List<MultiGauge.Row<?>> states = new ArrayList<>();
		List<MultiGauge.Row<?>> held = new ArrayList<>();
		List<MultiGauge.Row<?>> out = new ArrayList<>();
		try {
			this.jdbc.query(PRINTERS, (rs) -> {
				Tags tags = Tags.of("printer", rs.getString("printer_id"), "pool", rs.getString("pool"));
				PrinterState printerState = PrinterState.valueOf(rs.getString("state"));
				states.add(MultiGauge.Row.of(tags, printerState.ordinal()));
				held.add(MultiGauge.Row.of(tags, rs.getLong("jobs")));
				double since = rs.getDouble("out_since");
				if (printerState.out() && !rs.wasNull()) {
					out.add(MultiGauge.Row.of(tags, since));
				}
			});
		}
		catch (DataAccessException ex) {
			// keep the last values: a PostgreSQL outage is alerted on its own
			logger.warn("Could not read the printer registry for its gauges: {}", ex.getMessage());
			return;
		}
		this.state.register(states, true);
		this.jobs.register(held, true);
		this.outSince.register(out, true);
	}

	private double count(String condition) {
		Long count = this.jdbc.queryForObject("SELECT count(*) FROM printing.print_jobs WHERE " + condition,
				Long.class);
		return (count != null) ? count : 0;
	}

}
