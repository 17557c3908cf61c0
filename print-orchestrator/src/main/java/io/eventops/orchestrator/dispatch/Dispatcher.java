package io.eventops.orchestrator.dispatch;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
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
import io.eventops.printer.client.ConfirmationMode;
import io.eventops.printer.client.PrintFence;
import io.eventops.printer.client.PrintOutcome;
import io.eventops.printer.client.PrintResult;
import io.eventops.printer.client.ZebraClient;
import io.eventops.printer.status.PrinterStatus;
import io.eventops.printer.status.StatusFormatException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * Sends one printer its next badge, at most one unconfirmed job at a time (invariant 8):
 * gate on the completion marker and the ledger, claim in the ledger, record the label
 * counter, print, and record PRINTED (ledger first, then the marker) only after the
 * printer confirmed the label for this very attempt.
 */
@Component
public class Dispatcher {

	private static final Logger logger = LoggerFactory.getLogger(Dispatcher.class);

	// BadgeFormats renders one label per badge (^PQ1)
	private static final int LABELS_PER_BADGE = 1;

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

	// Per printer: when this dispatcher last looked at it (System.nanoTime()).
	private final Map<String, Long> lastLook = new ConcurrentHashMap<>();

	private final Duration stableFor;

	// a look this long after the previous one may have missed a pause, a CANCEL and a
	// resume: what was seen before it no longer counts
	private final Duration maxLookGap;

	// idle with the label counter unmoved this long, watched without a gap: the format
	// was dropped. Two readings a poll apart are not enough: a printer parsing a large
	// ^GF shows idle with the counter unmoved until the label starts.
	private final Duration dropSettleTime;

	private final int maxDroppedSends;

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
		this.maxLookGap = properties.probeInterval().multipliedBy(2);
		this.dropSettleTime = properties.dropSettleTime();
		this.maxDroppedSends = properties.maxDroppedSends();
	}

	/**
	 * Does one step of work for a printer: settles its in-flight job, or sends the next
	 * one.
	 * @param printerId the printer
	 * @param stopping tells whether the agent is shutting down or no longer trusts its
	 * lease (nothing is sent then, and a print cut short is left for the next owner to
	 * resolve, as after a crash)
	 * @return whether something happened (the caller may loop at once)
	 */
	public boolean step(String printerId, BooleanSupplier stopping) {
		Printer printer = this.registry.find(printerId).orElse(null);
		if (printer == null || printer.state() != PrinterState.UP || printer.confirmationMode() == null) {
			// a printer whose confirmation mode is not known yet gets nothing: its
			// probes find it out. Not looked at meanwhile (SUSPECT after a failed probe,
			// a paused printer among them), so busy-then-idle seen across this gap
			// proves nothing: a CANCEL in it drops the label and looks the same.
			forgetEvidence(printerId);
			return false;
		}
		long now = System.nanoTime();
		Long previous = this.lastLook.put(printerId, now);
		if (previous == null || now - previous > this.maxLookGap.toNanos()) {
			// not looked at for a while (the lease was elsewhere, a step stalled)
			this.seenBusy.remove(printerId);
			this.seenIdle.remove(printerId);
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
		// Gate: a job with a completion marker is never sent again. The marker is written
		// only after the ledger recorded the confirmation (invariant 8), so it never
		// stands for a confirmation the ledger refused.
		if (this.markers.isDone(jobId)) {
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
			case PENDING, WITHDRAWN -> {
				this.queues.clearInflight(printerId, jobId);
				return true;
			}
			case QUEUED -> {
				if (this.pause.isPaused()) {
					return false;
				}
				if (withdrawn(job)) {
					this.queues.clearInflight(printerId, jobId);
					return true;
				}
				Optional<PrintJob> claimed = this.ledger.claim(jobId, printerId);
				if (claimed.isEmpty()) {
					return refusedClaim(printerId, jobId);
				}
				return print(printer, claimed.get(), false, stopping);
			}
			default -> {
				return resolveUnknown(printer, job, stopping);
			}
		}
	}

	// The ledger refused the claim. Still queued here: the printer holds another
	// unconfirmed job (invariant 8), which the next step settles first, so this one goes
	// back to the head of the queue. Otherwise the job went elsewhere meanwhile.
	private boolean refusedClaim(String printerId, UUID jobId) {
		Optional<PrintJob> now = this.ledger.find(jobId);
		if (now.isPresent() && now.get().state() == JobState.QUEUED && printerId.equals(now.get().printerId())) {
			this.queues.putBack(printerId, jobId);
			return false;
		}
		this.queues.clearInflight(printerId, jobId);
		return true;
	}

	// A job sent earlier whose outcome is unknown (UNKNOWN_OUTCOME, or PRINTING left by a
	// crashed or replaced agent, or cut off by a lost connection). With the label counter
	// read before that send, the printer itself tells: reconnect, read it, and the label
	// either came out (PRINTED, nothing is sent again) or was dropped (sent again, no
	// duplicate possible). Without it, busy-then-idle decides, and an idle printer gets
	// it again flagged possibleDuplicate (invariant 8).
	private boolean resolveUnknown(Printer printer, PrintJob job, BooleanSupplier stopping) {
		if (printer.confirmationMode() == ConfirmationMode.LABEL_COUNTER && job.labelCountBefore() != null) {
			return resolveByCounter(printer, job, stopping);
		}
		return resolveByHostStatus(printer, job, stopping);
	}

	private boolean resolveByCounter(Printer printer, PrintJob job, BooleanSupplier stopping) {
		String printerId = printer.printerId();
		ZebraClient client = this.clients.of(printer);
		OptionalLong count;
		try {
			count = client.labelCount();
		}
		catch (IOException | StatusFormatException ex) {
			// not reachable (again) yet: the probes decide whether it goes DOWN
			this.seenIdle.remove(printerId);
			return false;
		}
		if (count.isEmpty()) {
			// it stopped answering the counter (firmware changed): found out again by
			// the next probe, settled by ~HS meanwhile
			this.registry.recordConfirmationMode(printerId, null);
			return false;
		}
		long moved = count.getAsLong() - job.labelCountBefore();
		if (moved >= LABELS_PER_BADGE) {
			this.seenIdle.remove(printerId);
			if (confirmed(printerId, job, ConfirmationMode.LABEL_COUNTER, count.getAsLong())) {
				logger.info("Job {} on printer {} confirmed after an unknown outcome: label counter {} -> {}",
						job.jobId(), printerId, job.labelCountBefore(), count.getAsLong());
			}
			return true;
		}
		PrinterStatus status = client.probe();
		if (!status.readyToPrint() || !status.idle()) {
			// still printing it, or halted with it: the label may yet come out
			this.seenIdle.remove(printerId);
			return false;
		}
		if (!idleLongEnough(printerId, job, this.dropSettleTime) || this.pause.isPaused()) {
			return false;
		}
		if (withdrawn(job)) {
			this.queues.clearInflight(printerId, job.jobId());
			return true;
		}
		if (this.ledger.droppedSends(job.jobId()) + 1 >= this.maxDroppedSends) {
			// this drop is one too many: the job moves instead of being sent again
			this.ledger.requeueDropped(job.jobId(), printerId, job.attempts());
			return takeOutForDrops(printerId, job);
		}
		Optional<PrintJob> claimed = this.ledger.claimResend(job.jobId(), printerId, job.attempts(), false);
		if (claimed.isEmpty()) {
			return true;
		}
		logger.warn("Job {} on printer {}: the printer is idle and its label counter did not move from {}: the format"
				+ " was dropped, sending it again", job.jobId(), printerId, job.labelCountBefore());
		return print(printer, claimed.get(), true, stopping);
	}

	private boolean resolveByHostStatus(Printer printer, PrintJob job, BooleanSupplier stopping) {
		String printerId = printer.printerId();
		PrinterStatus status = this.clients.of(printer).probe();
		if (!status.readyToPrint()) {
			// a fault or silence voids what was seen: the probes decide whether the
			// printer goes DOWN
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
			if (confirmed(printerId, job, ConfirmationMode.HOST_STATUS, null)) {
				logger.info("Job {} on printer {} confirmed after an unknown outcome: the printer finished it",
						job.jobId(), printerId);
			}
			return true;
		}
		// Send again only to a printer that stayed ready and idle as long as it takes to
		// be declared DOWN: a flapping printer is failed over instead of collecting
		// copies.
		if (!idleLongEnough(printerId, job, this.stableFor) || this.pause.isPaused()) {
			return false;
		}
		if (withdrawn(job)) {
			this.queues.clearInflight(printerId, job.jobId());
			return true;
		}
		Optional<PrintJob> claimed = this.ledger.claimResend(job.jobId(), printerId, job.attempts(), true);
		if (claimed.isEmpty()) {
			return true;
		}
		logger.warn("Job {} on printer {} has an unknown outcome and the printer is idle: sending it again,"
				+ " flagged possibleDuplicate", job.jobId(), printerId);
		return print(printer, claimed.get(), true, stopping);
	}

	private void forgetEvidence(String printerId) {
		this.seenBusy.remove(printerId);
		this.seenIdle.remove(printerId);
		this.lastLook.remove(printerId);
	}

	private boolean idleLongEnough(String printerId, PrintJob job, Duration needed) {
		IdleSince idle = this.seenIdle.compute(printerId,
				(id, seen) -> (seen != null && seen.jobId().equals(job.jobId())) ? seen
						: new IdleSince(job.jobId(), System.nanoTime()));
		if (System.nanoTime() - idle.nanos() < needed.toNanos()) {
			return false;
		}
		this.seenIdle.remove(printerId);
		return true;
	}

	// A reprint gave the attendee a newer credential, or the admission was annulled
	// (#36): the badge must not come out.
	private boolean withdrawn(PrintJob job) {
		if (!this.ledger.withdrawIfSuperseded(job.jobId())) {
			return false;
		}
		logger.info("Job {} (attendee {}, credential {}) withdrawn before printing: a reprint superseded it or its"
				+ " admission was annulled", job.jobId(), job.attendeeId(), job.credentialVersion());
		return true;
	}

	private boolean print(Printer printer, PrintJob job, boolean resend, BooleanSupplier stopping) {
		String printerId = printer.printerId();
		long started = System.nanoTime();
		PrintResult result = this.clients.of(printer)
			.print(this.formats.render(job, printer.textFont()), this.clients.confirmation(),
					printer.confirmationMode(), new AttemptFence(job, printerId, stopping));
		this.metrics.print(printerId, result.outcome().name(), Duration.ofNanos(System.nanoTime() - started));
		if (stopping.getAsBoolean() && result.outcome() == PrintOutcome.UNKNOWN) {
			// cut short by shutdown: leave the job PRINTING in flight, as a crash would,
			// for the next agent to resolve (by the counter recorded before the send)
			return false;
		}
		switch (result.outcome()) {
			case PRINTED -> confirmed(printerId, job, result.confirmedBy(), result.labelCountAfter());
			case DROPPED -> {
				// The driver saw the printer idle with the counter unmoved for two polls:
				// not proof yet, a printer still parsing a large format looks the same.
				// The job stays in flight; it is sent again (unflagged) only once the
				// printer stayed idle with the counter unmoved for the drop settle time.
				this.ledger.markUnknown(job.jobId(), printerId, job.attempts());
				logger.info("Job {} on printer {}: {}; sent again if it stays so for {}", job.jobId(), printerId,
						result.detail(), this.dropSettleTime);
			}
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

	// A printer that dropped this many sends of one job (a printer swallowing every
	// format) would get it for ever while others idle: it goes DOWN, and the ledger
	// sweeper fails its work over (invariant 9); it returns only after a probe print.
	private boolean takeOutForDrops(String printerId, PrintJob job) {
		if (this.registry.takeOut(printerId, PrinterState.DOWN)) {
			logger.error(
					"Printer {} dropped {} sends of job {} (its label counter unmoved, the printer idle):"
							+ " taken out, its jobs fail over; probe print it before enabling it",
					printerId, this.maxDroppedSends, job.jobId());
		}
		this.queues.clearInflight(printerId, job.jobId());
		return true;
	}

	// Invariant 8: a confirmation counts only for the printer and attempt the job is
	// still assigned to, and the ledger records it before the completion marker is
	// written, so that a lost marker write never makes a confirmed label print again and
	// a marker never stands for a confirmation the ledger refused.
	private boolean confirmed(String printerId, PrintJob job, ConfirmationMode evidence, Long labelCountAfter) {
		boolean counted = this.ledger.markPrinted(job.jobId(), printerId, job.attempts(), evidence, labelCountAfter);
		if (counted) {
			this.markers.markDone(job.jobId(), printerId);
		}
		else {
			logger.warn("Confirmation of job {} by printer {} (attempt {}) does not count: the job is no longer"
					+ " assigned to that printer and attempt", job.jobId(), printerId, job.attempts());
		}
		this.queues.clearInflight(printerId, job.jobId());
		return counted;
	}

	private record IdleSince(UUID jobId, long nanos) {
	}

	/**
	 * Fences one attempt (invariant 8): the counter read before the send is recorded in
	 * the ledger first, and the confirmation is given up as soon as the job is no longer
	 * this printer's and this attempt's, or the agent is stopping.
	 */
	private final class AttemptFence implements PrintFence {

		private final PrintJob job;

		private final String printerId;

		private final BooleanSupplier stopping;

		AttemptFence(PrintJob job, String printerId, BooleanSupplier stopping) {
			this.job = job;
			this.printerId = printerId;
			this.stopping = stopping;
		}

		@Override
		public boolean beforeSend(Long labelCountBefore) {
			// a replica that lost the printer's lease (or is stopping) sends nothing more
			return !this.stopping.getAsBoolean() && Dispatcher.this.ledger.recordCountBefore(this.job.jobId(),
					this.printerId, this.job.attempts(), labelCountBefore);
		}

		@Override
		public boolean stillAssigned() {
			return !this.stopping.getAsBoolean()
					&& Dispatcher.this.ledger.isCurrentAttempt(this.job.jobId(), this.printerId, this.job.attempts());
		}

	}

}
