package io.eventops.agent.admission;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.eventops.agent.cache.AttendeeCache;
import io.eventops.agent.cache.CachedAttendee;
import io.eventops.agent.cache.KioskPlacement;
import io.eventops.agent.http.AdmissionAnswer;
import io.eventops.agent.http.EdgeClient;
import io.eventops.agent.log.EntryDraft;
import io.eventops.agent.log.KioskLog;
import io.eventops.agent.log.LogEntry;
import io.eventops.agent.log.OwnEntry;
import io.eventops.model.flush.BadgeOverrides;
import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.KioskDecision;
import io.eventops.model.time.Rfc3339;
import io.eventops.rules.decision.Attempt;
import io.eventops.rules.decision.Decision;
import io.eventops.rules.decision.EntryDecider;
import io.eventops.rules.decision.Movement;
import io.eventops.rules.decision.MovementType;
import io.eventops.rules.decision.Occupancy;
import io.eventops.rules.decision.Reason;
import io.eventops.rules.policy.CompiledPolicy;

/**
 * Decides and logs one scan under the event's policy (issue #35). The edge is asked
 * first, within the budget; without its answer the kiosk decides with entry-rules'
 * {@link EntryDecider} from the cached policy and the attendee's cached movements plus
 * this kiosk's own entries the cache does not reflect yet. Deciding and appending are one
 * write transaction of the log, so two scans at once see each other and an offline kiosk
 * never admits a {@code ONCE} ticket twice itself; each scan logs exactly one entry.
 */
public final class AdmissionDesk {

	private final KioskLog log;

	private final AttendeeCache cache;

	private final EdgeClient edge;

	private final Duration budget;

	private final AllowanceKeeper allowance;

	/**
	 * The desk of one kiosk.
	 * @param log the kiosk's log
	 * @param cache its attendee cache (policy, movements, placement)
	 * @param edge its edge client
	 * @param budget how long to wait for the edge's decision
	 * @param allowance its admission allowance (an area with a capacity, invariant 14)
	 */
	public AdmissionDesk(KioskLog log, AttendeeCache cache, EdgeClient edge, Duration budget,
			AllowanceKeeper allowance) {
		this.log = log;
		this.cache = cache;
		this.edge = edge;
		this.budget = budget;
		this.allowance = allowance;
	}

	/**
	 * Whether a scan here is decided under access control: the kiosk has an area, and it
	 * is an exit or the cache holds a policy.
	 * @param leaving on a {@code BOTH} kiosk, whether the attendee says they are leaving
	 * @return whether {@link #pass} decides it
	 */
	public boolean applies(boolean leaving) {
		KioskPlacement placement = this.cache.placement();
		if (placement.areaId() == null) {
			return false;
		}
		return exit(placement, leaving) || this.cache.storedPolicy().isPresent();
	}

	private static boolean exit(KioskPlacement placement, boolean leaving) {
		return placement.direction() == KioskPlacement.Direction.EXIT
				|| (placement.direction() == KioskPlacement.Direction.BOTH && leaving);
	}

	/**
	 * Decides and logs a scan, when the kiosk has an area and, for an admission, the
	 * cache a policy.
	 * @param attendeeId the attendee
	 * @param leaving on a {@code BOTH} kiosk, whether the attendee says they are leaving
	 * @param capturedAt the capture time
	 * @return what was logged, or empty when access control does not apply (no area, or
	 * no policy for an admission): then the scan is today's check-in
	 */
	public Optional<Admission> pass(String attendeeId, boolean leaving, OffsetDateTime capturedAt) {
		return pass(attendeeId, leaving, capturedAt, false, null);
	}

	/**
	 * Decides and logs a scan as {@link #pass(String, boolean, OffsetDateTime)}, an
	 * admission carrying what the kiosk knows of the badge: whether it printed it itself
	 * and the badge text typed at the kiosk. A refusal or an exit prints no badge and
	 * carries neither.
	 * @param attendeeId the attendee
	 * @param leaving on a {@code BOTH} kiosk, whether the attendee says they are leaving
	 * @param capturedAt the capture time
	 * @param badgePrintedLocally whether the kiosk printed the badge on its own printer
	 * @param badge badge text typed at the kiosk, or {@code null}
	 * @return what was logged, or empty when access control does not apply
	 */
	public Optional<Admission> pass(String attendeeId, boolean leaving, OffsetDateTime capturedAt,
			boolean badgePrintedLocally, BadgeOverrides badge) {
		return decide(attendeeId, leaving, capturedAt, badgePrintedLocally, badge, false);
	}

	/**
	 * Decides and logs a scan as
	 * {@link #pass(String, boolean, OffsetDateTime, boolean, BadgeOverrides)} unless this
	 * kiosk's log already holds an entry for the attendee, checked and appended in one
	 * write transaction ({@code kiosk-agent check-in} run again after a lost answer
	 * records nothing more). Call it when {@link #applies}.
	 * @param attendeeId the attendee
	 * @param leaving on a {@code BOTH} kiosk, whether the attendee says they are leaving
	 * @param capturedAt the capture time
	 * @param badgePrintedLocally whether the kiosk printed the badge on its own printer
	 * @param badge badge text typed at the kiosk, or {@code null}
	 * @return what was logged, or empty when the log holds an entry for the attendee (or
	 * access control stopped applying)
	 */
	public Optional<Admission> passFirst(String attendeeId, boolean leaving, OffsetDateTime capturedAt,
			boolean badgePrintedLocally, BadgeOverrides badge) {
		return decide(attendeeId, leaving, capturedAt, badgePrintedLocally, badge, true);
	}

	private Optional<LogEntry> append(String attendeeId, OffsetDateTime captured, boolean onlyFirst,
			io.eventops.agent.log.EntryDrafter drafter) {
		return onlyFirst ? this.log.appendFirstDecided(attendeeId, captured, drafter)
				: this.log.appendDecided(attendeeId, captured, drafter);
	}

	private Optional<Admission> decide(String attendeeId, boolean leaving, OffsetDateTime capturedAt,
			boolean badgePrintedLocally, BadgeOverrides badge, boolean onlyFirst) {
		KioskPlacement placement = this.cache.placement();
		String areaId = placement.areaId();
		if (areaId == null) {
			return Optional.empty();
		}
		OffsetDateTime captured = Rfc3339.truncate(capturedAt);
		if (exit(placement, leaving)) {
			// an exit is a fact, never refused: the person is out
			return append(attendeeId, captured, onlyFirst,
					(key, own) -> new EntryDraft(EntryType.EXIT, areaId, null, null, false, null))
				.map((entry) -> new Admission(attendeeId, entry.seq(), entry.idempotencyKey(), entry.capturedAt(),
						entry.queuedAt(), EntryType.EXIT, areaId, null, null, null, false));
		}
		Optional<CompiledPolicy> policy = this.cache.policy();
		if (policy.isEmpty()) {
			return Optional.empty();
		}
		// no place left under the allowance: online, a renewal may bring more
		if (this.allowance.occupancy(areaId, captured.toInstant()).map(Occupancy::full).orElse(false)) {
			this.allowance.renew();
		}
		// the edge's answer knows this kiosk's entries only up to what it acknowledged
		long acknowledged = this.log.state().lastAckedSeq();
		Optional<Verdict> online = this.edge.admissionCheck(attendeeId, Rfc3339.format(captured), this.budget)
			.flatMap(AdmissionDesk::verdict);
		Verdict[] decided = new Verdict[1];
		Optional<LogEntry> appended = append(attendeeId, captured, onlyFirst, (key, own) -> {
			boolean unseen = own.stream().anyMatch((mine) -> mine.seq() > acknowledged);
			// read in the log's transaction: two scans at once cannot both take the last
			// place
			Optional<Occupancy> places = this.allowance.occupancy(areaId, captured.toInstant());
			Verdict verdict = (online.isPresent() && !unseen) ? online.get()
					: decideHere(policy.get(), attendeeId, areaId, captured, key, own, places);
			if (verdict.admitted() && places.map(Occupancy::full).orElse(false)) {
				// the server would admit, but every place escrowed for this kiosk is
				// taken
				verdict = new Verdict(false, Reason.AREA_FULL.name(), null, verdict.policyVersion(), verdict.offline());
			}
			decided[0] = verdict;
			return verdict.admitted()
					? new EntryDraft(EntryType.CHECK_IN, areaId, verdict.policyVersion(), KioskDecision.admit(),
							badgePrintedLocally, badge)
					: new EntryDraft(EntryType.REFUSED, areaId, verdict.policyVersion(),
							KioskDecision.refuse(verdict.reason()), false, null);
		});
		if (appended.isEmpty()) {
			// only with onlyFirst: the log holds an entry for the attendee
			return Optional.empty();
		}
		LogEntry entry = appended.get();
		Verdict verdict = decided[0];
		return Optional.of(new Admission(attendeeId, entry.seq(), entry.idempotencyKey(), entry.capturedAt(),
				entry.queuedAt(), verdict.admitted() ? EntryType.CHECK_IN : EntryType.REFUSED, areaId,
				verdict.policyVersion(), verdict.reason(), verdict.explanation(), verdict.offline()));
	}

	/**
	 * Annuls one of this kiosk's own admissions within the annul window (#36): "that was
	 * not me", "the gate did not open". The annulment is an entry of its own
	 * ({@code ANNUL} naming the admission's key), flushed like any other; the admission
	 * then counts nowhere, and its place at the area is this kiosk's again (invariant
	 * 14).
	 * @param attendeeId the attendee admitted
	 * @param admissionKey the admission's idempotency key
	 * @param now the kiosk clock
	 * @param window how long after its capture an admission may be annulled here
	 * @return the annulment logged, or empty when there is no such admission of this
	 * kiosk, it is older than the window, or it is annulled already
	 */
	public Optional<Admission> annul(String attendeeId, String admissionKey, OffsetDateTime now, Duration window) {
		OffsetDateTime captured = Rfc3339.truncate(now);
		Optional<LogEntry> entry = this.log.appendDecided(attendeeId, captured, (key, own) -> {
			Optional<OwnEntry> admission = own.stream()
				.filter((mine) -> mine.idempotencyKey().equals(admissionKey) && mine.type() == EntryType.CHECK_IN)
				.findFirst();
			if (admission.isEmpty() || admission.get().capturedAt().plus(window).isBefore(captured)
					|| this.log.annulledHere(admissionKey)) {
				return null;
			}
			return new EntryDraft(EntryType.ANNUL, admission.get().areaId(), null, null, false, null, admissionKey);
		});
		return entry.map((annulment) -> new Admission(attendeeId, annulment.seq(), annulment.idempotencyKey(),
				annulment.capturedAt(), annulment.queuedAt(), EntryType.ANNUL, null, null, null, null, false));
	}

	private Verdict decideHere(CompiledPolicy policy, String attendeeId, String areaId, OffsetDateTime captured,
			String key, List<OwnEntry> own, Optional<Occupancy> places) {
		Optional<CachedAttendee> cached = this.cache.find(attendeeId);
		List<Movement> movements = new ArrayList<>(cached.map(CachedAttendee::movements).orElse(List.of()));
		Set<String> known = new HashSet<>();
		movements.forEach((movement) -> known.add(movement.key()));
		for (OwnEntry mine : own) {
			// this kiosk's own entries the cache does not reflect yet; entries logged
			// without an area (before the policy) name no area the decision knows
			if (known.contains(mine.idempotencyKey())) {
				continue;
			}
			if (mine.type() == EntryType.ANNUL && mine.annuls() != null) {
				movements.add(Movement.annul(mine.idempotencyKey(), attendeeId, mine.capturedAt().toInstant(),
						mine.annuls()));
			}
			else if (mine.type() != EntryType.ANNUL && mine.areaId() != null) {
				movements.add(new Movement(mine.idempotencyKey(), attendeeId, movementType(mine.type()), mine.areaId(),
						mine.capturedAt().toInstant(), null));
			}
		}
		String ticketType = cached.map(CachedAttendee::ticketType).orElse(null);
		Decision decision = EntryDecider.decide(policy,
				new Attempt(attendeeId, ticketType, areaId, captured.toInstant(), key), movements, places);
		return new Verdict(decision.admitted(), (decision.reason() != null) ? decision.reason().name() : null,
				decision.explanation(), policy.version(), true);
	}

	private static MovementType movementType(EntryType type) {
		return switch (type) {
			case CHECK_IN -> MovementType.CHECK_IN;
			case EXIT -> MovementType.EXIT;
			case ANNUL -> MovementType.ANNUL;
			case REFUSED -> MovementType.REFUSED;
		};
	}

	// an answer with a reason outside the fixed list is no answer: the cache decides
	private static Optional<Verdict> verdict(AdmissionAnswer answer) {
		if (answer.decision().equals("ADMIT")) {
			return Optional.of(new Verdict(true, null, null, answer.policyVersion(), false));
		}
		if (answer.reason() == null || !KioskDecision.REASONS.contains(answer.reason())) {
			return Optional.empty();
		}
		return Optional.of(new Verdict(false, answer.reason(), answer.explanation(), answer.policyVersion(), false));
	}

	private record Verdict(boolean admitted, String reason, String explanation, long policyVersion, boolean offline) {
	}

}
