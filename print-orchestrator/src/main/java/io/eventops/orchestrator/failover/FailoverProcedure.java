package io.eventops.orchestrator.failover;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

import io.eventops.orchestrator.ledger.JobState;
import io.eventops.orchestrator.ledger.PrintJob;
import io.eventops.orchestrator.ledger.PrintLedger;
import io.eventops.orchestrator.metrics.PrintMetrics;
import io.eventops.orchestrator.printer.OperationRefusedException;
import io.eventops.orchestrator.printer.PrintProblem;
import io.eventops.orchestrator.printer.Printer;
import io.eventops.orchestrator.printer.PrinterClients;
import io.eventops.orchestrator.printer.PrinterRegistry;
import io.eventops.orchestrator.printer.PrinterState;
import io.eventops.orchestrator.queue.CompletionMarkers;
import io.eventops.orchestrator.queue.PrintQueues;
import io.eventops.orchestrator.queue.QueuePlacement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves a dead printer's work elsewhere: probe verdict → drain → gated re-dispatch
 * (invariant 9). Idempotent: a second run finds nothing to move, and a job confirmed
 * printed or held by another printer is never moved.
 */
public class FailoverProcedure {

	private static final Logger logger = LoggerFactory.getLogger(FailoverProcedure.class);

	private final PrinterRegistry registry;

	private final PrintLedger ledger;

	private final PrintQueues queues;

	private final CompletionMarkers markers;

	private final QueuePlacement placement;

	private final PrinterClients clients;

	private final PrintMetrics metrics;

	// One failover per printer at a time in this replica (probe, sweeper and API may
	// start one together); across replicas the conditional ledger moves keep it safe.
	private final Map<String, ReentrantLock> locks = new ConcurrentHashMap<>();

	public FailoverProcedure(PrinterRegistry registry, PrintLedger ledger, PrintQueues queues,
			CompletionMarkers markers, QueuePlacement placement, PrinterClients clients, PrintMetrics metrics) {
		this.registry = registry;
		this.ledger = ledger;
		this.queues = queues;
		this.markers = markers;
		this.placement = placement;
		this.clients = clients;
		this.metrics = metrics;
	}

	/**
	 * Fails a printer over.
	 * @param deadPrinterId the printer whose work moves; it is taken out (DOWN) unless it
	 * is out already
	 * @param backupPrinterId the printer to move everything to, or null for the least
	 * loaded UP printer of each job's pool
	 * @param since when the trouble started (first missed probe, or the request)
	 * @return what moved, what was skipped, and what the dead printer still holds
	 */
	public FailoverResult run(String deadPrinterId, String backupPrinterId, Instant since) {
		return exclusively(deadPrinterId, () -> {
			Printer dead = this.registry.require(deadPrinterId);
			if (backupPrinterId != null) {
				requireUsableBackup(deadPrinterId, backupPrinterId);
			}
			this.registry.takeOut(deadPrinterId, PrinterState.DOWN);
			return failover(dead, backupPrinterId, since);
		});
	}

	/**
	 * Completes the failover of a printer that is still out: moves what it holds. A
	 * printer that is in service again (enabled since the caller looked) is left alone;
	 * taking it out again would cost ops another probe print (the chaos drill caught the
	 * ledger sweeper doing that to a printer enabled between its read and its failover).
	 * It is never taken out here, and each move is decided in the ledger on the printer's
	 * state at that moment: ops may enable it on another replica, whose enable this
	 * replica's lock does not order, at any point of the failover.
	 * @param printerId the printer
	 * @return the failover's result, or empty when the printer is in service
	 */
	public Optional<FailoverResult> completeIfOut(String printerId) {
		return exclusively(printerId, () -> {
			Printer printer = this.registry.require(printerId);
			return printer.state().out() ? Optional.of(failover(printer, null, Instant.now())) : Optional.empty();
		});
	}

	/**
	 * Runs an action on a printer's state while no failover of it runs in this replica;
	 * enabling a printer goes through here, so that a failover decided on a stale state
	 * cannot take it out again.
	 * @param <T> the action's result
	 * @param printerId the printer
	 * @param action the action
	 * @return its result
	 */
	public <T> T exclusively(String printerId, Supplier<T> action) {
		ReentrantLock lock = this.locks.computeIfAbsent(printerId, (id) -> new ReentrantLock());
		lock.lock();
		try {
			return action.get();
		}
		finally {
			lock.unlock();
		}
	}

	private FailoverResult failover(Printer dead, String backupPrinterId, Instant since) {
		String deadPrinterId = dead.printerId();
		// The queue is drained before the in-flight key is taken, so a dispatcher moving
		// its next job into flight meanwhile cannot strand it; the in-flight job is still
		// re-dispatched first, it is the one most at risk of being lost (invariant 9).
		List<UUID> queued = this.queues.drain(deadPrinterId);
		Set<UUID> reclaimed = new LinkedHashSet<>(this.queues.reclaimInflight(deadPrinterId));
		reclaimed.addAll(queued);
		// The ledger is the system of record: jobs it places on the dead printer that
		// Redis lost (or not yet received) move too.
		reclaimed.addAll(this.ledger.openOn(deadPrinterId));
		List<UUID> moved = new ArrayList<>();
		List<UUID> skipped = new ArrayList<>();
		for (UUID jobId : reclaimed) {
			(redispatch(jobId, deadPrinterId, backupPrinterId) ? moved : skipped).add(jobId);
		}
		// Complete only at depth 0: whatever reached the dead printer's keys meanwhile (a
		// relay push, a dispatcher step that began before the printer went out) goes too.
		for (int pass = 0; pass < 3 && this.queues.depth(deadPrinterId) > 0; pass++) {
			Set<UUID> late = new LinkedHashSet<>(this.queues.reclaimInflight(deadPrinterId));
			late.addAll(this.queues.drain(deadPrinterId));
			late.removeAll(reclaimed);
			for (UUID jobId : late) {
				(redispatch(jobId, deadPrinterId, backupPrinterId) ? moved : skipped).add(jobId);
			}
			reclaimed.addAll(late);
		}
		if (!this.registry.require(deadPrinterId).state().out()) {
			// enabled meanwhile (on another replica): the ledger refused to move its
			// work,
			// so what was drained from its Redis keys goes back to it, and its buffer,
			// which may hold a format sent since, is left alone
			List<UUID> stillQueued = this.ledger.queuedOn(deadPrinterId);
			this.queues.restoreQueued(deadPrinterId, stillQueued);
			logger.warn("Printer {} was enabled during its failover: moved {} jobs before, left it {}", deadPrinterId,
					moved.size(), stillQueued.size());
			return new FailoverResult(moved, skipped, this.queues.depth(deadPrinterId));
		}
		// ~JA only now that the ledger moved its jobs: a confirmation still running for
		// the in-flight job no longer counts (invariant 8's fence), so a format the ~JA
		// drops is never taken for printed
		cancelBufferedFormats(dead);
		long deadDepth = this.queues.depth(deadPrinterId);
		if (!moved.isEmpty() || !skipped.isEmpty()) {
			this.metrics.failover(moved.size(), skipped.size(), Duration.between(since, Instant.now()));
			logger.warn("Failed over printer {}: moved {} jobs, skipped {}, dead depth {}", deadPrinterId, moved.size(),
					skipped.size(), deadDepth);
		}
		return new FailoverResult(moved, skipped, deadDepth);
	}

	private void requireUsableBackup(String deadPrinterId, String backupPrinterId) {
		if (backupPrinterId.equals(deadPrinterId)) {
			throw OperationRefusedException.invalid(PrintProblem.BACKUP_IS_DEAD_PRINTER,
					"The backup printer must differ from the failed printer.");
		}
		Printer backup = this.registry.require(backupPrinterId);
		if (backup.state().out()) {
			throw OperationRefusedException.conflict(PrintProblem.BACKUP_OUT_OF_SERVICE,
					"Backup printer '" + backupPrinterId + "' is " + backup.state() + ".");
		}
	}

	// ~JA drops whatever the dead printer still buffers, so that it cannot print the
	// moved jobs when it wakes up; best effort, it is usually unreachable. The driver
	// sends it under the printer's print lock: a confirmation running in this replica
	// sees its job moved at its next poll and gives the lock up.
	private void cancelBufferedFormats(Printer dead) {
		try {
			this.clients.of(dead).cancelAll();
		}
		catch (IOException | RuntimeException ex) {
			logger.debug("Could not send ~JA to printer {}: {}", dead.printerId(), ex.getMessage());
		}
	}

	// The gate: a job confirmed printed (marker or ledger) or held by another printer by
	// now is skipped; anything else leaves the dead printer.
	private boolean redispatch(UUID jobId, String deadPrinterId, String backupPrinterId) {
		if (this.markers.isDone(jobId)) {
			return false;
		}
		Optional<PrintJob> found = this.ledger.find(jobId);
		if (found.isEmpty() || !deadPrinterId.equals(found.get().printerId())) {
			return false;
		}
		PrintJob job = found.get();
		if (job.state() == JobState.PRINTED) {
			this.markers.markDone(jobId, deadPrinterId);
			return false;
		}
		// Sent and not confirmed: the dead printer may still have printed it. The ledger
		// decides it again in the move itself, from the row as it is then: the agent may
		// have claimed and sent a job read QUEUED here.
		boolean possibleDuplicate = job.unconfirmed();
		String target = (backupPrinterId != null) ? backupPrinterId
				: this.placement.choose(job.printerPool(), deadPrinterId).map(Printer::printerId).orElse(null);
		if (target == null) {
			return this.ledger.backToPending(jobId, deadPrinterId, possibleDuplicate);
		}
		if (!this.ledger.moveTo(jobId, deadPrinterId, target, possibleDuplicate)) {
			return false;
		}
		this.queues.push(target, jobId);
		return true;
	}

}
