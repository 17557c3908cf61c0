package io.eventops.orchestrator.dispatch;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

import io.eventops.orchestrator.config.PrintProperties;
import io.eventops.orchestrator.ledger.JobState;
import io.eventops.orchestrator.ledger.PrintJob;
import io.eventops.orchestrator.ledger.PrintLedger;
import io.eventops.orchestrator.metrics.PrintMetrics;
import io.eventops.orchestrator.pause.DispatchPause;
import io.eventops.orchestrator.printer.Printer;
import io.eventops.orchestrator.printer.PrinterClients;
import io.eventops.orchestrator.printer.PrinterRegistry;
import io.eventops.orchestrator.printer.PrinterState;
import io.eventops.orchestrator.queue.CompletionMarkers;
import io.eventops.orchestrator.queue.PrintQueues;
import io.eventops.printer.client.PrintOutcome;
import io.eventops.printer.client.PrintResult;
import io.eventops.printer.status.PrinterStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * Sends one printer its next badge, at most one unconfirmed job at a time (invariant 8):
 * gate on the completion marker and the ledger, claim in the ledger, print, and mark done
 * only after the printer confirmed the label.
 */
@Component
public class Dispatcher {

	private static final Logger logger = LoggerFactory.getLogger(Dispatcher.class);

	private final PrinterRegistry registry;

	private final PrintLedger ledger;

	private final PrintQueues queues;

	private final CompletionMarkers markers;

	private final DispatchPause pause;

	private final PrinterClients clients;

	private final BadgeFormats formats;

	private final PrintMetrics metrics;

	// Per printer: the unconfirmed job seen still printing since its outcome became
	// unknown.
	private final Map<String, UUID> seenBusy = new ConcurrentHashMap<>();

	// Per printer: since when it has been seen ready and idle, uninterrupted, while
	// holding an unknown job.
	private final Map<String, IdleSince> seenIdle = new ConcurrentHashMap<>();

	private final Duration stableFor;

	Dispatcher(PrinterRegistry registry, PrintLedger ledger, PrintQueues queues, CompletionMarkers markers,
			DispatchPause pause, PrinterClients clients, BadgeFormats formats, PrintMetrics metrics,
			PrintProperties properties) {
		this.registry = registry;
		this.ledger = ledger;
		this.queues = queues;
		this.markers = markers;
		this.pause = pause;
		this.clients = clients;
		this.formats = formats;
		this.metrics = metrics;
		this.stableFor = properties.probeInterval().multipliedBy(properties.downAfterFailures());
	}

	/**
	 * Does one step of work for a printer: settles its in-flight job, or sends the next
	 * one.
	 * @param printerId the printer
	 * @param stopping tells whether the agent is shutting down (a print cut short then is
	 * left for the next owner to resolve, as after a crash)
	 * @return whether something happened (the caller may loop at once)
	 */
	public boolean step(String printerId, BooleanSupplier stopping) {
		Printer printer = this.registry.find(printerId).orElse(null);
		if (printer == null || printer.state() != PrinterState.UP) {
			return false;
		}
		UUID inflight = this.queues.inflight(printerId);
		if (inflight == null) {
			// The ledger is authoritative for the one unconfirmed job (Redis may have
			// lost it).
			Optional<PrintJob> unconfirmed = this.ledger.unconfirmedOn(printerId);
			if (unconfirmed.isPresent()) {
				if (!this.queues.restoreInflight(printerId, unconfirmed.get().jobId())) {
					return false;
				}
				inflight = unconfirmed.get().jobId();
			}
		}
		if (inflight != null) {
			return settle(printer, inflight, stopping);
		}
		if (this.pause.isPaused()) {
			return false;
		}
		UUID next = this.queues.takeNext(printerId);
		if (next == null) {
			return false;
		}
		return settle(printer, next, stopping);
	}

	private boolean settle(Printer printer, UUID jobId, BooleanSupplier stopping) {
		String printerId = printer.printerId();
		// Gate: a job with a completion marker or confirmed in the ledger is never sent
		// again.
		if (this.markers.isDone(jobId)) {
			this.ledger.find(jobId)
				.filter((job) -> job.state() != JobState.PRINTED)
				.ifPresent((job) -> this.ledger.markPrinted(jobId, printerId));
			this.queues.clearInflight(printerId, jobId);
			return true;
		}
		PrintJob job = this.ledger.find(jobId).orElse(null);
		if (job == null || !printerId.equals(job.printerId())) {
			// a stale copy: the job belongs to another printer now
			this.queues.clearInflight(printerId, jobId);
			return true;
		}
		switch (job.state()) {
			case PRINTED -> {
				this.markers.markDone(jobId, printerId);
				this.queues.clearInflight(printerId, jobId);
				return true;
			}
			case PENDING -> {
				this.queues.clearInflight(printerId, jobId);
				return true;
			}
			case QUEUED -> {
				if (this.pause.isPaused()) {
					return false;
				}
				Optional<PrintJob> claimed = this.ledger.claim(jobId, printerId);
				if (claimed.isEmpty()) {
					this.queues.clearInflight(printerId, jobId);
					return true;
				}
				return print(printer, claimed.get(), false, stopping);
			}
			default -> {
				return resolveUnknown(printer, job, stopping);
			}
		}
	}

	// A job sent earlier whose outcome is unknown (UNKNOWN_OUTCOME, or PRINTING left by a
	// crashed or replaced agent): a printer still busy with it will finish it; an idle
	// one gets it again, flagged possibleDuplicate (invariant 8).
	private boolean resolveUnknown(Printer printer, PrintJob job, BooleanSupplier stopping) {
		String printerId = printer.printerId();
		PrinterStatus status = this.clients.of(printer).probe();
		if (!status.readyToPrint()) {
			// a fault or silence: the probes decide whether the printer goes DOWN
			this.seenBusy.remove(printerId);
			this.seenIdle.remove(printerId);
			return false;
		}
		if (!status.idle()) {
			this.seenBusy.put(printerId, job.jobId());
			this.seenIdle.remove(printerId);
			return false;
		}
		if (job.jobId().equals(this.seenBusy.remove(printerId))) {
			this.seenIdle.remove(printerId);
			confirmed(printerId, job.jobId());
			logger.info("Job {} on printer {} confirmed after an unknown outcome: the printer finished it", job.jobId(),
					printerId);
			return true;
		}
		// Send again only to a printer that stayed ready and idle as long as it takes to
		// be declared DOWN: a flapping printer is failed over instead of collecting
		// copies.
		IdleSince idle = this.seenIdle.compute(printerId,
				(id, seen) -> (seen != null && seen.jobId().equals(job.jobId())) ? seen
						: new IdleSince(job.jobId(), System.nanoTime()));
		if (System.nanoTime() - idle.nanos() < this.stableFor.toNanos() || this.pause.isPaused()) {
			return false;
		}
		this.seenIdle.remove(printerId);
		Optional<PrintJob> claimed = this.ledger.claimResend(job.jobId(), printerId, job.attempts());
		if (claimed.isEmpty()) {
			return true;
		}
		logger.warn("Job {} on printer {} has an unknown outcome and the printer is idle: sending it again,"
				+ " flagged possibleDuplicate", job.jobId(), printerId);
		return print(printer, claimed.get(), true, stopping);
	}

	private boolean print(Printer printer, PrintJob job, boolean resend, BooleanSupplier stopping) {
		String printerId = printer.printerId();
		long started = System.nanoTime();
		PrintResult result = this.clients.of(printer).print(this.formats.render(job), this.clients.confirmation());
		this.metrics.print(printerId, result.outcome().name(), Duration.ofNanos(System.nanoTime() - started));
		if (stopping.getAsBoolean() && result.outcome() == PrintOutcome.UNKNOWN) {
			// cut short by shutdown: leave the job PRINTING in flight, as a crash would,
			// for the next agent to resolve
			return false;
		}
		switch (result.outcome()) {
			case PRINTED -> confirmed(printerId, job.jobId());
			case NOT_SENT -> {
				this.ledger.unclaim(job.jobId(), printerId, job.attempts(), resend);
				logger.debug("Job {} not sent to printer {}: {}", job.jobId(), printerId, result.detail());
				return false;
			}
			case UNKNOWN -> {
				// Invariant 8: the job stays in flight, nothing more goes to this printer
				// until its outcome is settled or failover reclaims it.
				this.ledger.markUnknown(job.jobId(), printerId, job.attempts());
				logger.warn("Job {} on printer {}: outcome unknown ({})", job.jobId(), printerId, result.detail());
			}
		}
		return true;
	}

	private record IdleSince(UUID jobId, long nanos) {
	}

	// Invariant 8: the marker is written only now that the printer confirmed the label,
	// then the ledger, then the in-flight key goes.
	private void confirmed(String printerId, UUID jobId) {
		this.markers.markDone(jobId, printerId);
		this.ledger.markPrinted(jobId, printerId);
		this.queues.clearInflight(printerId, jobId);
	}

}
