package io.eventops.rules.decision;

import io.eventops.rules.cel.RuleEvaluationException;
import io.eventops.rules.cel.RuleFacts;
import io.eventops.rules.policy.Area;
import io.eventops.rules.policy.CompiledArea;
import io.eventops.rules.policy.CompiledPolicy;
import io.eventops.rules.policy.TicketType;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The one admission decision, shared by the kiosk agent and the reconciler (invariant
 * 12). A pure function of the compiled policy, the attempt, the attendee's movements and,
 * optionally, the area's occupancy: it reads no clock, no default time zone and no locale
 * (the day and time are the capture time's in the policy's zone), so the same inputs give
 * the same decision on every machine.
 *
 * <p>
 * Prior movements are the attendee's captured before the attempt (by capture time, then
 * key), in any input order and duplication. The checks apply in this order and the first
 * that fails is the reason:
 * <ol>
 * <li>{@link Reason#TICKET_NOT_VALID_HERE}: the area does not admit the ticket type, or
 * the policy knows neither;</li>
 * <li>{@link Reason#NOT_VALID_TODAY}: the capture's local date is not a valid day of the
 * ticket type;</li>
 * <li>{@link Reason#AREA_CLOSED}: outside every window of the area, tolerance
 * included;</li>
 * <li>{@link Reason#ALREADY_ENTERED}: the re-entry policy forbids another admission;</li>
 * <li>{@link Reason#TOO_SOON}: the last admission here is less than the minimum gap
 * ago;</li>
 * <li>{@link Reason#RULE}: the area's rule is false, or fails (explained by CEL's error
 * code);</li>
 * <li>{@link Reason#AREA_FULL}: the occupancy given is at capacity (unless the attendee
 * is inside already and the occupancy is inside-now, not a kiosk's allowance).</li>
 * </ol>
 * What the ticket is comes before when, and when before what the attendee did: a refusal
 * names what no waiting would change first, and the only reason that depends on other
 * attendees comes last.
 */
public final class EntryDecider {

	private EntryDecider() {
	}

	/**
	 * Decides an attempt without an occupancy limit.
	 * @param policy the policy version the attempt is captured under
	 * @param attempt the attempt
	 * @param movements the attendee's movements (others' are ignored), in any order
	 * @return the decision
	 */
	public static Decision decide(CompiledPolicy policy, Attempt attempt, Collection<Movement> movements) {
		return decide(policy, attempt, movements, Optional.empty());
	}

	/**
	 * Decides an attempt.
	 * @param policy the policy version the attempt is captured under
	 * @param attempt the attempt
	 * @param movements the attendee's movements (others' are ignored), in any order
	 * @param occupancy the area's occupancy, when capacity is to be checked
	 * @return the decision
	 */
	public static Decision decide(CompiledPolicy policy, Attempt attempt, Collection<Movement> movements,
			Optional<Occupancy> occupancy) {
		Optional<CompiledArea> compiledArea = policy.area(attempt.areaId());
		Optional<TicketType> type = (attempt.ticketType() != null) ? policy.ticketType(attempt.ticketType())
				: Optional.of(policy.defaultTicketType());
		if (compiledArea.isEmpty() || type.isEmpty() || !compiledArea.get().area().admits().contains(type.get().id())) {
			return Decision.refuse(Reason.TICKET_NOT_VALID_HERE);
		}
		Area area = compiledArea.get().area();
		ZoneId zone = policy.zone();
		Instant at = attempt.capturedAt();
		LocalDate today = at.atZone(zone).toLocalDate();
		if (!policy.validDays(type.get()).contains(today)) {
			return Decision.refuse(Reason.NOT_VALID_TODAY);
		}
		if (!Windows.open(area, policy.days(), zone, at)) {
			return Decision.refuse(Reason.AREA_CLOSED);
		}
		History history = History.of(movements, attempt::follows);
		List<Movement> admissions = history.admissions();
		List<Movement> here = admissions.stream()
			.filter((movement) -> movement.areaId().equals(area.areaId()))
			.toList();
		boolean inside = Inside.isInside(area.areaId(), history, area.exitAllAt(), zone, at);
		if (alreadyEntered(area, here, inside, today, zone)) {
			return Decision.refuse(Reason.ALREADY_ENTERED);
		}
		if (area.minMinutesBetweenEntries() > 0 && !here.isEmpty()
				&& Duration.between(here.get(here.size() - 1).capturedAt(), at)
					.compareTo(Duration.ofMinutes(area.minMinutesBetweenEntries())) < 0) {
			return Decision.refuse(Reason.TOO_SOON);
		}
		if (compiledArea.get().rule().isPresent()) {
			RuleFacts facts = facts(type.get(), area, at, zone, admissions, here, inside);
			try {
				if (!compiledArea.get().rule().get().admits(facts)) {
					return Decision.refuseByRule(compiledArea.get().ruleExplanation());
				}
			}
			catch (RuleEvaluationException ex) {
				// the same facts fail the same way on kiosk and server, so refusing is
				// reproducible; CEL's message is not (its digits follow the default
				// locale),
				// its error code is
				return Decision.refuseByRule("the rule could not be evaluated (" + ex.errorCode() + ")");
			}
		}
		if (occupancy.isPresent() && occupancy.get().full() && (!inside || occupancy.get().everyAdmission())) {
			return Decision.refuse(Reason.AREA_FULL);
		}
		return Decision.admit();
	}

	private static boolean alreadyEntered(Area area, List<Movement> here, boolean inside, LocalDate today,
			ZoneId zone) {
		return switch (area.reentry()) {
			case ONCE -> !here.isEmpty();
			case ONCE_PER_DAY -> here.stream().anyMatch((movement) -> localDate(movement, zone).equals(today));
			case AFTER_EXIT -> inside;
			case ANY -> false;
		};
	}

	private static RuleFacts facts(TicketType type, Area area, Instant at, ZoneId zone, List<Movement> admissions,
			List<Movement> here, boolean inside) {
		ZonedDateTime local = at.atZone(zone);
		LocalDate today = local.toLocalDate();
		long entriesToday = admissions.stream().filter((movement) -> localDate(movement, zone).equals(today)).count();
		long entryDays = admissions.stream().map((movement) -> localDate(movement, zone)).distinct().count();
		long entriesHereToday = here.stream().filter((movement) -> localDate(movement, zone).equals(today)).count();
		long minutesSinceLast = admissions.isEmpty() ? -1
				: Duration.between(admissions.get(admissions.size() - 1).capturedAt(), at).toMinutes();
		return new RuleFacts(type.id(), area.areaId(), at, today, local.getDayOfWeek(), local.toLocalTime(),
				entriesToday, entryDays, here.size(), entriesHereToday, minutesSinceLast, inside);
	}

	private static LocalDate localDate(Movement movement, ZoneId zone) {
		return movement.capturedAt().atZone(zone).toLocalDate();
	}

}
