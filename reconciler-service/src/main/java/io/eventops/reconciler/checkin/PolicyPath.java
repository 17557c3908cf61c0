package io.eventops.reconciler.checkin;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.FlushEntry;
import io.eventops.model.flush.RejectionReason;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.reconciler.access.AdmissionJudge;
import io.eventops.reconciler.access.PolicyStore;
import io.eventops.reconciler.access.PolicyTimeline;
import io.eventops.reconciler.stream.ChangeKind;
import io.eventops.rules.policy.CompiledPolicy;

import org.springframework.stereotype.Component;

/**
 * Applies the entries that passed their checks and hold their guard row, inside the
 * batch's transaction. An event without a policy takes exactly the path and statements of
 * contract v1. With a policy (#35) every entry is also a movement, the badge job comes
 * with the first admission at the badge desk, and the server judges every admission of
 * the attendees the batch touched again, set-based (invariant 12).
 */
@Component
class PolicyPath {

	private final CheckInWriter writer;

	private final PolicyStore policies;

	private final AdmissionJudge judge;

	PolicyPath(CheckInWriter writer, PolicyStore policies, AdmissionJudge judge) {
		this.writer = writer;
		this.policies = policies;
		this.judge = judge;
	}

	/**
	 * The path of a batch path wired without access control (the test harness's): an
	 * event with a policy is refused.
	 * @param writer the writer
	 * @return the path
	 */
	static PolicyPath withoutPolicies(CheckInWriter writer) {
		return new PolicyPath(writer, null, null);
	}

	/**
	 * Applies the passed entries and settles them.
	 * @param request the batch's kiosk context
	 * @param part the batch part, its guard written
	 * @param lookup what the attendee lookup found
	 * @return the change for the event's stream, by attendee
	 */
	Map<String, ChangeKind> apply(ReconcileRequest request, BatchDecision part, CheckInWriter.Lookup lookup) {
		PolicyTimeline timeline = lookup.timeline();
		if (!timeline.hasPolicy()) {
			// without a policy no movement is kept, so there is nothing to undo: the
			// annulment is quarantined until the event has one (#36)
			for (BatchItem item : annulments(part)) {
				reject(part, item, RejectionReason.ANNUL_WITHOUT_POLICY);
			}
			return part.applied(
					this.writer.applyWinners(request, part.winners().values(), part.printedLocally(), part.losers()));
		}
		if (this.policies == null) {
			throw new IllegalStateException("event " + request.eventId() + " has a policy; this path has none");
		}
		checkAnnulments(part);
		List<BatchItem> movements = part.passed();
		Map<String, String> jobs = this.writer.insertMovements(request, movements,
				(item) -> place(request.eventId(), timeline, item.entry().entry()));
		Map<String, ChangeKind> changes = new HashMap<>(part.applied(
				this.writer.applyWinners(request, part.winners().values(), part.printedLocally(), part.losers(), false),
				jobs));
		Map<String, String> ticketTypes = new HashMap<>();
		Set<String> annulling = new TreeSet<>();
		Set<String> annulled = new TreeSet<>();
		for (BatchItem item : movements) {
			ticketTypes.put(item.attendeeId(), lookup.ticketTypes().get(item.attendeeId()));
			changes.putIfAbsent(item.attendeeId(), ChangeKind.UPDATED);
			if (item.entry().entry().type() == EntryType.ANNUL) {
				annulling.add(item.attendeeId());
				annulled.add(item.entry().entry().annuls());
			}
		}
		this.judge.rejudge(request.eventId(), timeline, ticketTypes);
		// under the movement locks rejudge took (CheckInWriter.UNCOUNT_ANNULLED)
		for (String attendee : this.writer.uncountAnnulled(annulling)) {
			changes.put(attendee, ChangeKind.UPDATED);
		}
		this.writer.annulBadgeJobs(annulled);
		return changes;
	}

	// An annulment undoes an admission of its own attendee that the server has: one
	// committed before, or one this part applies with it (a kiosk that flushes its
	// admission and its "that was not me" together). Anything else is rejected and
	// quarantined, before its movement is written, so that a re-drive once the
	// admission has arrived applies it (#36).
	private void checkAnnulments(BatchDecision part) {
		List<BatchItem> annulments = annulments(part);
		if (annulments.isEmpty()) {
			return;
		}
		Map<String, CheckInWriter.Annulled> known = new HashMap<>(this.writer
			.annulled(annulments.stream().map((item) -> item.entry().entry().annuls()).collect(Collectors.toSet())));
		for (BatchItem item : part.passed()) {
			FlushEntry entry = item.entry().entry();
			known.putIfAbsent(item.key(), new CheckInWriter.Annulled(item.attendeeId(),
					(entry.type() != null) ? entry.type() : EntryType.CHECK_IN));
		}
		for (BatchItem item : annulments) {
			CheckInWriter.Annulled annulled = known.get(item.entry().entry().annuls());
			if (annulled == null || !annulled.attendeeId().equals(item.attendeeId())) {
				reject(part, item, RejectionReason.ANNULS_UNKNOWN_ENTRY);
			}
			else if (annulled.type() != EntryType.CHECK_IN) {
				reject(part, item, RejectionReason.ANNULS_NO_ADMISSION);
			}
		}
	}

	private static List<BatchItem> annulments(BatchDecision part) {
		return part.passed().stream().filter((item) -> item.entry().entry().type() == EntryType.ANNUL).toList();
	}

	// the guard row was written with the provisional APPLIED: it takes the rejection in
	// the same transaction (invariant 1), and the quarantine the entry
	private void reject(BatchDecision part, BatchItem item, RejectionReason reason) {
		part.reject(item, reason, null, item.fingerprint());
		this.writer.updateGuard(item, part.decision(item));
	}

	// Fixed once, when the movement is first recorded (invariant 12): the version is the
	// entry's own if the event has it, else the one in force at its capture, else the
	// first, and a version saved later never moves it. An entry without an area comes
	// from a kiosk provisioned without one, which before #35 always was the badge desk:
	// it counts at the badge area of that version, badge job included (invariant 7).
	private CheckInWriter.Placement place(String eventId, PolicyTimeline timeline, FlushEntry entry) {
		long version = timeline.versionFor(entry.policyVersion(), entry.capturedAt().toInstant());
		CompiledPolicy policy = this.policies.compiled(eventId, version).orElseThrow();
		if (entry.type() == EntryType.ANNUL) {
			return new CheckInWriter.Placement(null, version, false);
		}
		String areaId = (entry.areaId() != null) ? entry.areaId() : policy.badgeArea().area().areaId();
		boolean printsBadge = policy.area(areaId).map((area) -> area.area().printsBadge()).orElse(false);
		return new CheckInWriter.Placement(areaId, version, printsBadge);
	}

}
