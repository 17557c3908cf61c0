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
import io.eventops.orchestrator.queue.PrintQueues;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * One relay pass: copies new outbox jobs into the ledger, then places every PENDING job
 * on the least loaded UP printer of its pool (ledger first, then the Redis queue).
 */
@Component
public class OutboxRelay {

	private static final Logger logger = LoggerFactory.getLogger(OutboxRelay.class);

	private final PrintLedger ledger;

	private final PrinterRegistry registry;

	private final PrintQueues queues;

	private final int batchSize;

	OutboxRelay(PrintLedger ledger, PrinterRegistry registry, PrintQueues queues, PrintProperties properties) {
		this.ledger = ledger;
		this.registry = registry;
		this.queues = queues;
		this.batchSize = properties.relayBatchSize();
	}

	/**
	 * Runs one pass.
	 * @return jobs copied from the outbox plus jobs placed on printers
	 */
	public int relayOnce() {
		int copied = 0;
		PrintLedger.Relayed relayed;
		do {
			relayed = this.ledger.relayFromOutbox(this.batchSize);
			copied += relayed.inserted().size();
		}
		while (relayed.taken() == this.batchSize);
		int placed = placePending();
		if (copied > 0 || placed > 0) {
			logger.debug("Relay: {} jobs copied from the outbox, {} placed on printers", copied, placed);
		}
		return copied + placed;
	}

	// One ledger statement and one Redis command per printer and pass, not one of each
	// per job: placing 30 000 jobs one commit at a time cost a WAL flush each, in the
	// middle of a reconnect herd. Ledger first, then the queue; a crash between the two
	// leaves QUEUED jobs that the ledger sweeper puts back in the queue.
	private int placePending() {
		List<PrintJob> pending = this.ledger.pending(this.batchSize);
		if (pending.isEmpty()) {
			return 0;
		}
		Map<String, List<Printer>> upByPool = new HashMap<>();
		Map<String, Long> depth = new HashMap<>();
		Map<String, List<UUID>> chosen = new LinkedHashMap<>();
		for (PrintJob job : pending) {
			List<Printer> up = upByPool.computeIfAbsent(job.printerPool(), this.registry::upInPool);
			Printer target = null;
			for (Printer printer : up) {
				long load = depth.computeIfAbsent(printer.printerId(), this.queues::depth);
				if (target == null || load < depth.get(target.printerId())) {
					target = printer;
				}
			}
			if (target == null) {
				// no UP printer in the pool: the job stays PENDING until one is
				continue;
			}
			chosen.computeIfAbsent(target.printerId(), (printer) -> new ArrayList<>()).add(job.jobId());
			depth.merge(target.printerId(), 1L, Long::sum);
		}
		int placed = 0;
		for (Map.Entry<String, List<UUID>> printer : chosen.entrySet()) {
			Set<UUID> assigned = this.ledger.assign(printer.getValue(), printer.getKey());
			// oldest first, as read; another replica may have placed some meanwhile
			List<UUID> queued = printer.getValue().stream().filter(assigned::contains).toList();
			this.queues.pushAll(printer.getKey(), queued);
			placed += queued.size();
		}
		return placed;
	}

}
