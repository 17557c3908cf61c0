package io.eventops.orchestrator.relay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import io.eventops.orchestrator.config.PrintProperties;
import io.eventops.orchestrator.ledger.PrintJob;
import io.eventops.orchestrator.ledger.PrintLedger;
import io.eventops.orchestrator.printer.Printer;
import io.eventops.orchestrator.printer.PrinterRegistry;
import io.eventops.orchestrator.printer.PrinterState;
import io.eventops.orchestrator.queue.PrintQueues;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * One relay pass: copies new outbox jobs into the ledger, then tops up the queue of every
 * UP printer to at most {@code max-queued-per-printer} jobs (queued plus in flight),
 * least loaded first, oldest job first. The rest of a backlog waits PENDING in the
 * ledger: a printer that dies mid-rush holds a few jobs for failover to move instead of
 * thousands, and a slow printer is not handed half the backlog.
 */
@Component
public class OutboxRelay {

	private static final Logger logger = LoggerFactory.getLogger(OutboxRelay.class);

	private final PrintLedger ledger;

	private final PrinterRegistry registry;

	private final PrintQueues queues;

	private final int batchSize;

	private final int maxQueued;

	OutboxRelay(PrintLedger ledger, PrinterRegistry registry, PrintQueues queues, PrintProperties properties) {
		this.ledger = ledger;
		this.registry = registry;
		this.queues = queues;
		this.batchSize = properties.relayBatchSize();
		this.maxQueued = properties.maxQueuedPerPrinter();
	}

	/**
	 * Runs one pass.
	 * @return what the pass did
	 */
	public Pass relayOnce() {
		int copied = 0;
		PrintLedger.Relayed relayed;
		do {
			relayed = this.ledger.relayFromOutbox(this.batchSize);
			copied += relayed.inserted().size();
		}
		while (relayed.taken() == this.batchSize);
		Pass pass = placePending(copied);
		if (copied > 0 || pass.placed() > 0) {
			logger.debug("Relay: {} jobs copied from the outbox, {} placed on printers", copied, pass.placed());
		}
		return pass;
	}

	// One ledger statement and one Redis command per printer and pass, not one of each
	// per job: placing 30 000 jobs one commit at a time cost a WAL flush each, in the
	// middle of a reconnect herd. Ledger first, then the queue; a crash between the two
	// leaves QUEUED jobs that the ledger sweeper puts back in the queue.
	private Pass placePending(int copied) {
		Map<String, List<Printer>> upByPool = new LinkedHashMap<>();
		for (Printer printer : this.registry.all()) {
			if (printer.state() == PrinterState.UP) {
				upByPool.computeIfAbsent(printer.pool(), (pool) -> new ArrayList<>()).add(printer);
			}
		}
		Map<String, Long> depth = new HashMap<>();
		int placed = 0;
		boolean full = false;
		for (Map.Entry<String, List<Printer>> pool : upByPool.entrySet()) {
			long room = 0;
			for (Printer printer : pool.getValue()) {
				long load = this.queues.depth(printer.printerId());
				depth.put(printer.printerId(), load);
				room += Math.max(0, this.maxQueued - load);
			}
			if (room == 0) {
				full = true;
				continue;
			}
			int limit = (int) Math.min(this.batchSize, room);
			List<PrintJob> pending = this.ledger.pending(pool.getKey(), limit);
			full |= pending.size() == limit;
			Map<String, List<UUID>> chosen = new LinkedHashMap<>();
			for (PrintJob job : pending) {
				Printer target = null;
				for (Printer printer : pool.getValue()) {
					long load = depth.get(printer.printerId());
					if (load < this.maxQueued && (target == null || load < depth.get(target.printerId()))) {
						target = printer;
					}
				}
				chosen.computeIfAbsent(target.printerId(), (printer) -> new ArrayList<>()).add(job.jobId());
				depth.merge(target.printerId(), 1L, Long::sum);
			}
			for (Map.Entry<String, List<UUID>> printer : chosen.entrySet()) {
				Set<UUID> assigned = this.ledger.assign(printer.getValue(), printer.getKey());
				// oldest first, as read; another replica may have placed some meanwhile
				List<UUID> queued = printer.getValue().stream().filter(assigned::contains).toList();
				this.queues.pushAll(printer.getKey(), queued);
				placed += queued.size();
			}
		}
		return new Pass(copied, placed, full);
	}

	/**
	 * What one pass did.
	 *
	 * @param copied jobs copied from the outbox into the ledger
	 * @param placed jobs placed on printer queues
	 * @param printersFull whether jobs may be left waiting for room on a queue: the
	 * caller should pass again soon instead of at the poll interval
	 */
	public record Pass(int copied, int placed, boolean printersFull) {
	}

}
