package io.eventops.orchestrator.metrics;

import io.eventops.orchestrator.ledger.PrintLedger;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Component;

/**
 * Gauges read from the print ledger at scrape time: the badge jobs waiting for room on a
 * printer's queue. The per-printer queue depth shows only what the printers hold; during
 * a herd the backlog is here.
 */
@Component
class LedgerGauges {

	LedgerGauges(MeterRegistry registry, PrintLedger ledger) {
		Gauge.builder("eventops.print.jobs.pending", ledger, PrintLedger::pendingCount)
			.description(
					"Badge jobs waiting for room on a printer queue: PENDING in the ledger or not taken from the outbox yet")
			.register(registry);
	}

}
