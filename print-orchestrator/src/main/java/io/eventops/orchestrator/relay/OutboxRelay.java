package io.eventops.orchestrator.relay;

import java.time.Duration;
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
 * One relay pass: tops up the queue of every UP printer to at most
 * {@code max-queued-per-printer} jobs (queued plus in flight), least loaded first, live
 * jobs first and then the oldest ({@code live-ahead}, issue #24), taking jobs from the
 * reconciler's outbox per pool only as there is room. The rest of a backlog waits in the
 * outbox: a printer that dies mid-rush holds a few jobs for failover to move instead of
 * thousands, a slow printer is not handed half the backlog, and a reconnect herd does not
 * pay for ledger rows of badges printed minutes later.
 */
@Component
public class OutboxRelay {

	private static final Logger logger = LoggerFactory.getLogger(OutboxRelay.class);

	private final PrintLedger ledger;

	private final PrinterRegistry registry;

	private final PrintQueues queues;

	private final int batchSize;

	private final int maxQueued;

	private final Duration liveAhead;

	OutboxRelay(PrintLedger ledger, PrinterRegistry registry, PrintQueues queues, PrintProperties properties) {
		this.ledger = ledger;
		this.registry = registry;
		this.queues = queues;
		this.batchSize = properties.relayBatchSize();
		this.maxQueued = properties.maxQueuedPerPrinter();
		this.liveAhead = properties.liveAhead();
	}

	/**
	 * Runs one pass.
	 * @return what the pass did
	 */
	public Pass relayOnce() {
		Map<String, List<Printer>> upByPool = new LinkedHashMap<>();
		for (Printer printer : this.registry.all()) {
			if (printer.state() == PrinterState.UP) {
				upByPool.computeIfAbsent(printer.pool(), (pool) -> new ArrayList<>()).add(printer);
			}
		}
		Pass pass = new Pass(0, 0, false);
		for (Map.Entry<String, List<Printer>> pool : upByPool.entrySet()) {
			pass = pass.plus(fill(pool.getKey(), pool.getValue()));
		}
		if (pass.copied() > 0 || pass.placed() > 0) {
			logger.debug("Relay: {} jobs taken from the outbox, {} placed on printers", pass.copied(), pass.placed());
		}
		return pass;
	}

	// Tops up one pool's UP printers: PENDING ledger jobs first (put back by failover, or
	// left by a crash), then the pool's live and oldest jobs from the outbox, only as
	// many as
	// there is room for. A herd's backlog waits in the outbox, not as ledger rows written
	// in the middle of the herd, and a pool whose printers are all down or full takes
	// nothing, so it never holds back another pool.
	//
	// One ledger statement and one Redis command per printer and pass, not one of each
	// per job. Ledger first, then the queue; a crash between the two leaves QUEUED jobs
	// that the ledger sweeper puts back in the queue.
	private Pass fill(String pool, List<Printer> printers) {
		Map<String, Long> depth = new HashMap<>();
		long room = 0;
		for (Printer printer : printers) {
			long load = this.queues.depth(printer.printerId());
			depth.put(printer.printerId(), load);
			room += Math.max(0, this.maxQueued - load);
		}
		if (room == 0) {
			return new Pass(0, 0, true);
		}
		int limit = (int) Math.min(this.batchSize, room);
		List<UUID> jobs = new ArrayList<>(this.ledger.pending(pool, limit).stream().map(PrintJob::jobId).toList());
		int copied = 0;
		boolean more = jobs.size() == limit;
		if (jobs.size() < limit) {
			int wanted = limit - jobs.size();
			// live jobs first (issue #24): an attendee at an online kiosk does not wait
			// for a reconnect herd's backlog, which waits at most live-ahead for them
			PrintLedger.Relayed relayed = this.ledger.relayFromOutbox(pool, wanted, this.liveAhead);
			copied = relayed.inserted().size();
			jobs.addAll(relayed.inserted());
			// a reprint's job revokes the attendee's older credential: its job, not sent
			// yet, never prints (the dispatcher checks again right before a send)
			List<UUID> withdrawn = this.ledger.withdrawSupersededBy(relayed.inserted());
			if (!withdrawn.isEmpty()) {
				logger.info("Withdrew {} badge jobs of revoked credentials: {}", withdrawn.size(), withdrawn);
			}
			// an admission annulled before its job left the outbox (#36): it never
			// prints (the dispatcher checks again right before a send)
			List<UUID> annulled = this.ledger.withdrawAnnulled(relayed.inserted());
			if (!annulled.isEmpty()) {
				logger.info("Withdrew {} badge jobs of annulled admissions: {}", annulled.size(), annulled);
				jobs.removeAll(annulled);
			}
			more = relayed.taken() == wanted;
		}
		Map<String, List<UUID>> chosen = new LinkedHashMap<>();
		for (UUID job : jobs) {
			Printer target = null;
			for (Printer printer : printers) {
				long load = depth.get(printer.printerId());
				if (load < this.maxQueued && (target == null || load < depth.get(target.printerId()))) {
					target = printer;
				}
			}
			chosen.computeIfAbsent(target.printerId(), (printer) -> new ArrayList<>()).add(job);
			depth.merge(target.printerId(), 1L, Long::sum);
		}
		int placed = 0;
		for (Map.Entry<String, List<UUID>> printer : chosen.entrySet()) {
			Set<UUID> assigned = this.ledger.assign(printer.getValue(), printer.getKey());
			// in take order, as read; another replica may have placed some meanwhile
			List<UUID> queued = printer.getValue().stream().filter(assigned::contains).toList();
			this.queues.pushAll(printer.getKey(), queued);
			placed += queued.size();
		}
		return new Pass(copied, placed, more);
	}

	/**
	 * What one pass did.
	 *
	 * @param copied jobs taken from the outbox into the ledger
	 * @param placed jobs placed on printer queues
	 * @param printersFull whether jobs may be left waiting for room on a queue: the
	 * caller should pass again soon instead of at the poll interval
	 */
	public record Pass(int copied, int placed, boolean printersFull) {

		Pass plus(Pass other) {
			return new Pass(this.copied + other.copied, this.placed + other.placed,
					this.printersFull || other.printersFull);
		}

	}

}
