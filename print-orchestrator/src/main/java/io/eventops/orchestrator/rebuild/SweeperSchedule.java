package io.eventops.orchestrator.rebuild;

import io.eventops.orchestrator.config.PrintProperties;
import io.eventops.orchestrator.failover.FailoverProcedure;
import io.eventops.orchestrator.ledger.PrintLedger;
import io.eventops.orchestrator.pause.DispatchPause;
import io.eventops.orchestrator.printer.PrinterRegistry;
import io.eventops.orchestrator.queue.PrintQueues;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * Wires the ledger sweeper and runs it at startup and every rebuild interval.
 */
@Configuration(proxyBeanMethods = false)
class SweeperSchedule {

	private static final Logger logger = LoggerFactory.getLogger(SweeperSchedule.class);

	private final LedgerSweeper sweeper;

	private final DispatchPause pause;

	SweeperSchedule(PrintLedger ledger, PrinterRegistry registry, PrintQueues queues, FailoverProcedure failover,
			DispatchPause pause, PrintProperties properties) {
		this.sweeper = new LedgerSweeper(ledger, registry, queues, failover, properties);
		this.pause = pause;
	}

	@Bean
	LedgerSweeper ledgerSweeper() {
		return this.sweeper;
	}

	@Scheduled(initialDelay = 0, fixedDelayString = "${eventops.print.rebuild-interval:2s}")
	void sweep() {
		try {
			this.sweeper.sweep();
			// Redis rebuilt from PostgreSQL: the pause's copy too
			this.pause.restoreCopy();
		}
		catch (RuntimeException ex) {
			logger.warn("Ledger sweep failed: {}", ex.getMessage());
		}
	}

}
