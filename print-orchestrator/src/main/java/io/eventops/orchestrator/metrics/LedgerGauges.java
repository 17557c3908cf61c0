package io.eventops.orchestrator.metrics;

import java.util.List;

import io.eventops.orchestrator.ledger.PrintLedger;
import io.eventops.orchestrator.pause.DispatchPause;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Gauges read from PostgreSQL, so that every replica reports the same value and a restart
 * loses nothing: the badge jobs waiting for room on a printer's queue, the PRINTED jobs
 * per pool, and whether dispatch is paused.
 */
@Component
class LedgerGauges {

	private static final Logger logger = LoggerFactory.getLogger(LedgerGauges.class);

	private final PrintLedger ledger;

	private final MultiGauge printed;

	LedgerGauges(MeterRegistry registry, PrintLedger ledger, DispatchPause pause) {
		this.ledger = ledger;
		// The per-printer queue depth shows only what the printers hold; during a herd
		// the backlog is here.
		Gauge.builder("eventops.print.jobs.pending", ledger, PrintLedger::pendingCount)
			.description(
					"Badge jobs waiting for room on a printer queue: PENDING in the ledger or not taken from the outbox yet")
			.register(registry);
		// read from the ledger: a per-process counter would start again at 0 at every
		// restart
		this.printed = MultiGauge.builder("eventops.print.jobs.printed")
			.description("Badge jobs PRINTED in the print ledger (confirmed by a printer), per printer pool")
			.register(registry);
		// read from PostgreSQL, where the pause is kept: SRE alerts page on it
		Gauge.builder("eventops.print.dispatch.paused", pause, (p) -> p.isPaused() ? 1 : 0)
			.description("1 while badge dispatch is paused (no format goes to any printer), else 0")
			.register(registry);
	}

	@Scheduled(initialDelay = 0, fixedDelayString = "${eventops.print.printed-refresh:10s}")
	void refreshPrinted() {
		try {
			List<MultiGauge.Row<?>> rows = this.ledger.printedByPool()
				.entrySet()
				.stream().<MultiGauge
						.Row<?>>map((pool) -> MultiGauge.Row.of(Tags.of("pool", pool.getKey()), pool.getValue()))
				.toList();
			this.printed.register(rows, true);
		}
		catch (RuntimeException ex) {
			logger.warn("Could not refresh eventops.print.jobs.printed: {}", ex.getMessage());
		}
	}

}
