package io.eventops.agent.cli;

import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.concurrent.Callable;

import io.eventops.agent.CheckIn;
import io.eventops.agent.CheckInReceipt;
import io.eventops.agent.KioskAgent;
import io.eventops.agent.admission.Admission;
import io.eventops.agent.config.AgentConfig;
import io.eventops.agent.config.StrictBoolean;
import io.eventops.agent.flush.FlushRound;
import io.eventops.agent.log.EntryState;
import io.eventops.model.flush.BadgeOverrides;
import io.eventops.model.flush.FlushEntry;
import io.eventops.model.time.Rfc3339;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code checkin}: records one check-in durably, prints what it was stamped with, then
 * tries one flush (a failed flush leaves the entry safely queued). An attendee the log
 * already holds an entry for gets no second one: it prints that entry instead.
 */
@Command(name = "checkin", mixinStandardHelpOptions = true,
		description = "Record a check-in (committed to disk before this returns).")
final class CheckInCommand implements Callable<Integer> {

	@Mixin
	AgentOptions options;

	@Parameters(index = "0", paramLabel = "ATTENDEE_ID", description = "The attendee.")
	String attendeeId;

	@Option(names = "--captured-at", description = "Capture time, RFC 3339 with offset (default now).")
	String capturedAt;

	@Option(names = "--display-name", description = "Badge display name override.")
	String displayName;

	@Option(names = "--company", description = "Badge company override.")
	String company;

	@Option(names = "--badge-printed-locally", arity = "0..1", fallbackValue = "true",
			description = "true|false: the kiosk printed the badge itself.")
	String badgePrintedLocally;

	@Override
	public Integer call() {
		AgentConfig config = this.options.resolve();
		boolean printed = this.badgePrintedLocally != null
				&& StrictBoolean.parse("--badge-printed-locally", this.badgePrintedLocally);
		OffsetDateTime captured = (this.capturedAt != null) ? Rfc3339.parse(this.capturedAt) : null;
		BadgeOverrides badge = (this.displayName != null || this.company != null)
				? new BadgeOverrides(this.displayName, this.company) : null;
		try (KioskAgent agent = KioskAgent.open(config)) {
			CheckIn checkIn = new CheckIn(this.attendeeId, captured, printed, badge);
			Optional<CheckInReceipt> committed = Optional.empty();
			boolean decidedHere = false;
			if (agent.underPolicy(false)) {
				// under the event's policy (#35) the kiosk decides: the line says what
				Optional<Admission> decided = agent.passOnce(checkIn);
				decided.ifPresent((admission) -> System.out.println("COMMITTED " + admission.seq() + " "
						+ admission.idempotencyKey() + " queuedAt=" + Rfc3339.format(admission.queuedAt()) + " type="
						+ admission.type() + " area=" + admission.areaId()
						+ ((admission.reason() != null) ? " reason=" + admission.reason() : "")));
				committed = decided.map((admission) -> new CheckInReceipt(admission.seq(), admission.idempotencyKey(),
						admission.capturedAt(), admission.queuedAt()));
				// empty: the log holds an entry for the attendee, or the policy went away
				// meanwhile (then today's check-in)
				decidedHere = committed.isPresent() || agent.latestEntryFor(this.attendeeId).isPresent();
			}
			if (!decidedHere) {
				committed = agent.checkInOnce(checkIn);
				committed.ifPresent((receipt) -> System.out.println("COMMITTED " + receipt.seq() + " "
						+ receipt.idempotencyKey() + " queuedAt=" + Rfc3339.format(receipt.queuedAt())));
			}
			if (committed.isEmpty()) {
				// run again after a lost answer: the entry is there, a second one would
				// be a second check-in
				EntryState logged = agent.latestEntryFor(this.attendeeId).orElseThrow();
				System.out.println("ALREADY " + logged.seq() + " " + FlushEntry.keyOf(config.kioskId(), logged.seq())
						+ " capturedAt=" + logged.capturedAt());
			}
			if (config.flushAfterCheckIn()) {
				FlushRound round = agent.flush();
				System.out.println(FlushCommand.describe(round));
			}
		}
		return 0;
	}

}
