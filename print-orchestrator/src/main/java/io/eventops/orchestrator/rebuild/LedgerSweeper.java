package io.eventops.orchestrator.rebuild;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.eventops.orchestrator.config.PrintProperties;
import io.eventops.orchestrator.failover.FailoverProcedure;
import io.eventops.orchestrator.ledger.JobState;
import io.eventops.orchestrator.ledger.PrintJob;
import io.eventops.orchestrator.ledger.PrintLedger;
import io.eventops.orchestrator.printer.Printer;
import io.eventops.orchestrator.printer.PrinterRegistry;
import io.eventops.orchestrator.queue.PrintQueues;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rebuilds Redis from the ledger, the system of record: re-pushes queued jobs that no
 * queue holds (Redis lost them, or a crash hit between commit and push), and fails over
 * out printers that still hold work in Redis or in the ledger. Copies it may create are
 * harmless: dispatch claims a job in the ledger.
 */
public class LedgerSweeper {

	private static final Logger logger = LoggerFactory.getLogger(LedgerSweeper.class);

	private final PrintLedger ledger;

	private final PrinterRegistry registry;

	private final PrintQueues queues;

	private final FailoverProcedure failover;

	private final Duration grace;

	public LedgerSweeper(PrintLedger ledger, PrinterRegistry registry, PrintQueues queues, FailoverProcedure failover,
			PrintProperties properties) {
		this.ledger = ledger;
		this.registry = registry;
		this.queues = queues;
		this.failover = failover;
		this.grace = properties.rebuildGrace();
	}

	/**
	 * Runs one sweep.
	 * @return jobs put back into Redis
	 */
	public int sweep() {
		Map<String, Printer> printers = this.registry.all()
			.stream()
			.collect(Collectors.toMap(Printer::printerId, Function.identity()));
		Map<String, List<UUID>> queuedByPrinter = new LinkedHashMap<>();
		for (PrintJob job : this.ledger.openOlderThan(this.grace)) {
			Printer printer = printers.get(job.printerId());
			// Out printers are failed over below; an UP printer's dispatcher restores its
			// own unconfirmed job from the ledger.
			if (printer != null && job.state() == JobState.QUEUED && !printer.state().out()) {
				queuedByPrinter.computeIfAbsent(job.printerId(), (id) -> new ArrayList<>()).add(job.jobId());
			}
		}
		int restored = 0;
		for (Map.Entry<String, List<UUID>> queued : queuedByPrinter.entrySet()) {
			restored += this.queues.restoreQueued(queued.getKey(), queued.getValue());
		}
		if (restored > 0) {
			logger.warn("Rebuilt {} Redis queue entries from the print ledger", restored);
		}
		for (Printer printer : printers.values()) {
			if (printer.state().out() && (this.queues.depth(printer.printerId()) > 0
					|| !this.ledger.openOn(printer.printerId()).isEmpty())) {
				// invariant 9: failover is complete only when the dead printer holds
				// nothing; the state read above may be stale by now (enabled meanwhile)
				this.failover.completeIfOut(printer.printerId());
			}
		}
		return restored;
	}

}
