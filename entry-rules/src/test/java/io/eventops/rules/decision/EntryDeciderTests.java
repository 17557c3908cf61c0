package io.eventops.rules.decision;

import io.eventops.rules.policy.CompiledPolicy;
import io.eventops.rules.policy.Reentry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static io.eventops.rules.TestPolicies.SATURDAY;
import static io.eventops.rules.TestPolicies.SUNDAY;
import static io.eventops.rules.TestPolicies.area;
import static io.eventops.rules.TestPolicies.policy;
import static org.assertj.core.api.Assertions.assertThat;

class EntryDeciderTests {

	private static final String ATTENDEE = "att-1";

	private final List<Movement> history = new ArrayList<>();

	private int seq;

	@Test
	void admitsAValidTicketAtAnOpenArea() {
		CompiledPolicy policy = policy().area(area("hall")).compile();
		assertThat(decide(policy, "hall", "full", "2026-10-24T10:00:00+02:00")).isEqualTo(Decision.admit());
	}

	@Test
	void refusesATicketTypeTheAreaDoesNotAdmit() {
		CompiledPolicy policy = policy().ticketType("full")
			.ticketType("workshop")
			.area(area("hall").admits("full"))
			.compile();
		assertThat(reason(decide(policy, "hall", "workshop", "2026-10-24T10:00:00+02:00")))
			.isEqualTo(Reason.TICKET_NOT_VALID_HERE);
	}

	@Test
	void refusesAnAreaOrATicketTypeThePolicyDoesNotKnow() {
		CompiledPolicy policy = policy().area(area("hall")).compile();
		assertThat(reason(decide(policy, "cellar", "full", "2026-10-24T10:00:00+02:00")))
			.isEqualTo(Reason.TICKET_NOT_VALID_HERE);
		assertThat(reason(decide(policy, "hall", "vip", "2026-10-24T10:00:00+02:00")))
			.isEqualTo(Reason.TICKET_NOT_VALID_HERE);
	}

	@Test
	void anAttendeeWithoutTicketTypeHoldsThePolicysFirst() {
		CompiledPolicy policy = policy().ticketType("day-sat", SATURDAY)
			.ticketType("full")
			.area(area("hall").admits("day-sat", "full"))
			.compile();
		assertThat(decide(policy, "hall", null, "2026-10-24T10:00:00+02:00").admitted()).isTrue();
		assertThat(reason(decide(policy, "hall", null, "2026-10-25T10:00:00+01:00"))).isEqualTo(Reason.NOT_VALID_TODAY);
	}

	@Test
	void refusesADayPassOnAnotherDayByTheLocalDateInThePolicysZone() {
		CompiledPolicy policy = policy().ticketType("day-sat", SATURDAY).area(area("hall").admits("day-sat")).compile();
		// 23:30 UTC on Saturday is already Sunday in Berlin
		assertThat(reason(decide(policy, "hall", "day-sat", "2026-10-24T23:30:00Z"))).isEqualTo(Reason.NOT_VALID_TODAY);
		assertThat(decide(policy, "hall", "day-sat", "2026-10-24T21:30:00Z").admitted()).isTrue();
	}

	@Test
	void refusesOutsideTheEventsDays() {
		CompiledPolicy policy = policy().area(area("hall")).compile();
		assertThat(reason(decide(policy, "hall", "full", "2026-10-26T10:00:00+01:00")))
			.isEqualTo(Reason.NOT_VALID_TODAY);
	}

	@Test
	void refusesOutsideTheWindowsAndAdmitsWithinTheTolerance() {
		CompiledPolicy policy = policy().area(area("hall").daily("09:00", "18:00").tolerance(10)).compile();
		assertThat(decide(policy, "hall", "full", "2026-10-24T08:50:00+02:00").admitted()).isTrue();
		assertThat(reason(decide(policy, "hall", "full", "2026-10-24T08:49:59.999+02:00")))
			.isEqualTo(Reason.AREA_CLOSED);
		assertThat(decide(policy, "hall", "full", "2026-10-24T18:09:59.999+02:00").admitted()).isTrue();
		assertThat(reason(decide(policy, "hall", "full", "2026-10-24T18:10:00+02:00"))).isEqualTo(Reason.AREA_CLOSED);
	}

	@Test
	void untilIsExclusiveWithoutTolerance() {
		CompiledPolicy policy = policy().area(area("hall").daily("09:00", "18:00")).compile();
		assertThat(decide(policy, "hall", "full", "2026-10-24T09:00:00+02:00").admitted()).isTrue();
		assertThat(reason(decide(policy, "hall", "full", "2026-10-24T18:00:00+02:00"))).isEqualTo(Reason.AREA_CLOSED);
	}

	@Test
	void aWindowForOneDayOpensOnlyThatDay() {
		CompiledPolicy policy = policy().area(area("workshop").open(SUNDAY, "14:00", "16:00")).compile();
		assertThat(reason(decide(policy, "workshop", "full", "2026-10-24T15:00:00+02:00")))
			.isEqualTo(Reason.AREA_CLOSED);
		assertThat(decide(policy, "workshop", "full", "2026-10-25T15:00:00+01:00").admitted()).isTrue();
	}

	@Test
	void aToleranceReachesOverMidnight() {
		CompiledPolicy policy = policy().area(area("hall").open(SATURDAY, "20:00", "23:55").tolerance(15)).compile();
		assertThat(decide(policy, "hall", "full", "2026-10-25T00:05:00+02:00").admitted()).isTrue();
		assertThat(reason(decide(policy, "hall", "full", "2026-10-25T00:10:00+02:00"))).isEqualTo(Reason.AREA_CLOSED);
	}

	@Test
	void aKioskClockMinutesOffIsJudgedByItsCaptureTimeAlike() {
		// a kiosk 4 minutes fast captures 08:56 for a real 08:52; kiosk and server judge
		// the same capture time, and the tolerance absorbs the skew on both
		CompiledPolicy policy = policy().area(area("hall").daily("09:00", "18:00").tolerance(5)).compile();
		for (String capturedAt : List.of("2026-10-24T08:56:00+02:00", "2026-10-24T06:56:00Z",
				"2026-10-24T07:56:00+01:00")) {
			assertThat(decide(policy, "hall", "full", capturedAt).admitted()).isTrue();
		}
		// a kiosk 7 minutes slow captures 08:53 for a real 09:00: refused as closed,
		// by kiosk and server alike
		assertThat(reason(decide(policy, "hall", "full", "2026-10-24T08:53:00+02:00"))).isEqualTo(Reason.AREA_CLOSED);
		assertThat(decide(policy, "hall", "full", "2026-10-24T18:04:00+02:00").admitted()).isTrue();
		assertThat(reason(decide(policy, "hall", "full", "2026-10-24T18:05:00+02:00"))).isEqualTo(Reason.AREA_CLOSED);
	}

	@Test
	void theNightSummerTimeEndsAWindowSpansBothOccurrencesOfTheRepeatedHour() {
		// Europe/Berlin 2026-10-25: 03:00 CEST goes back to 02:00 CET, so 02:00-03:00
		// happens
		// twice; from 02:15 is the first 02:15, until 02:45 the second
		CompiledPolicy policy = policy().area(area("night").open(SUNDAY, "02:15", "02:45")).compile();
		assertThat(reason(decide(policy, "night", "full", "2026-10-25T02:10:00+02:00"))).isEqualTo(Reason.AREA_CLOSED);
		assertThat(decide(policy, "night", "full", "2026-10-25T02:15:00+02:00").admitted()).isTrue();
		assertThat(decide(policy, "night", "full", "2026-10-25T02:50:00+02:00").admitted()).isTrue();
		assertThat(decide(policy, "night", "full", "2026-10-25T02:10:00+01:00").admitted()).isTrue();
		assertThat(decide(policy, "night", "full", "2026-10-25T02:44:59+01:00").admitted()).isTrue();
		assertThat(reason(decide(policy, "night", "full", "2026-10-25T02:45:00+01:00"))).isEqualTo(Reason.AREA_CLOSED);
	}

	@Test
	void theNightSummerTimeEndsTheRepeatedHourIsOneLocalDayForOncePerDay() {
		CompiledPolicy policy = policy().area(area("hall").reentry(Reentry.ONCE_PER_DAY)).compile();
		checkIn("hall", "2026-10-24T23:59:00+02:00");
		assertThat(decide(policy, "hall", "full", "2026-10-25T00:01:00+02:00").admitted()).isTrue();
		checkIn("hall", "2026-10-25T02:30:00+02:00");
		assertThat(reason(decide(policy, "hall", "full", "2026-10-25T02:30:00+01:00")))
			.isEqualTo(Reason.ALREADY_ENTERED);
	}

	@Test
	void theNightSummerTimeStartsALocalTimeInTheGapMeansTheInstantAfterIt() {
		// Europe/Berlin 2026-03-29: 02:00 CET jumps to 03:00 CEST, so 02:30 never
		// happens;
		// a window from 02:30 opens at 03:30 CEST (01:30 UTC), the instant 02:30 CET
		// would be
		CompiledPolicy policy = policy().days(LocalDate.parse("2026-03-29"))
			.area(area("hall").daily("02:30", "04:00"))
			.compile();
		assertThat(reason(decide(policy, "hall", "full", "2026-03-29T03:29:59+02:00"))).isEqualTo(Reason.AREA_CLOSED);
		assertThat(decide(policy, "hall", "full", "2026-03-29T01:30:00Z").admitted()).isTrue();
		assertThat(decide(policy, "hall", "full", "2026-03-29T03:59:00+02:00").admitted()).isTrue();
		// 23:30 UTC on the 28th is already the 29th in Berlin, 22:30 UTC still the 28th
		assertThat(reason(decide(policy, "hall", "full", "2026-03-28T23:30:00Z"))).isEqualTo(Reason.AREA_CLOSED);
		assertThat(reason(decide(policy, "hall", "full", "2026-03-28T22:30:00Z"))).isEqualTo(Reason.NOT_VALID_TODAY);
	}

	@Test
	void onceAdmitsOneAdmissionEver() {
		CompiledPolicy policy = policy().area(area("hall").reentry(Reentry.ONCE)).compile();
		checkIn("hall", "2026-10-24T10:00:00+02:00");
		exit("hall", "2026-10-24T11:00:00+02:00");
		assertThat(reason(decide(policy, "hall", "full", "2026-10-25T10:00:00+01:00")))
			.isEqualTo(Reason.ALREADY_ENTERED);
	}

	@Test
	void oncePerDayAdmitsAgainTheNextLocalDay() {
		CompiledPolicy policy = policy().area(area("hall").reentry(Reentry.ONCE_PER_DAY)).compile();
		checkIn("hall", "2026-10-24T10:00:00+02:00");
		assertThat(reason(decide(policy, "hall", "full", "2026-10-24T23:00:00+02:00")))
			.isEqualTo(Reason.ALREADY_ENTERED);
		assertThat(decide(policy, "hall", "full", "2026-10-25T00:00:00+02:00").admitted()).isTrue();
	}

	@Test
	void afterExitAdmitsAgainOnlyOnceOut() {
		CompiledPolicy policy = policy().area(area("hall").reentry(Reentry.AFTER_EXIT)).compile();
		checkIn("hall", "2026-10-24T10:00:00+02:00");
		assertThat(reason(decide(policy, "hall", "full", "2026-10-24T10:30:00+02:00")))
			.isEqualTo(Reason.ALREADY_ENTERED);
		exit("hall", "2026-10-24T11:00:00+02:00");
		assertThat(decide(policy, "hall", "full", "2026-10-24T11:30:00+02:00").admitted()).isTrue();
	}

	@Test
	void afterExitCountsTheAutomaticCheckOutAsAnExit() {
		CompiledPolicy policy = policy().area(area("hall").reentry(Reentry.AFTER_EXIT).exitAllAt("23:00")).compile();
		checkIn("hall", "2026-10-24T10:00:00+02:00");
		assertThat(reason(decide(policy, "hall", "full", "2026-10-24T22:59:00+02:00")))
			.isEqualTo(Reason.ALREADY_ENTERED);
		assertThat(decide(policy, "hall", "full", "2026-10-24T23:00:00+02:00").admitted()).isTrue();
	}

	@Test
	void anyAdmitsEveryTime() {
		CompiledPolicy policy = policy().area(area("hall").reentry(Reentry.ANY)).compile();
		checkIn("hall", "2026-10-24T10:00:00+02:00");
		checkIn("hall", "2026-10-24T10:05:00+02:00");
		assertThat(decide(policy, "hall", "full", "2026-10-24T10:06:00+02:00").admitted()).isTrue();
	}

	@Test
	void reentryCountsOnlyTheSameArea() {
		CompiledPolicy policy = policy().area(area("hall")).area(area("workshop")).compile();
		checkIn("hall", "2026-10-24T10:00:00+02:00");
		assertThat(decide(policy, "workshop", "full", "2026-10-24T10:30:00+02:00").admitted()).isTrue();
	}

	@Test
	void refusesASecondAdmissionWithinTheMinimumGap() {
		CompiledPolicy policy = policy().area(area("hall").reentry(Reentry.ANY).minMinutesBetweenEntries(15)).compile();
		checkIn("hall", "2026-10-24T10:00:00+02:00");
		assertThat(reason(decide(policy, "hall", "full", "2026-10-24T10:14:59.999+02:00"))).isEqualTo(Reason.TOO_SOON);
		assertThat(decide(policy, "hall", "full", "2026-10-24T10:15:00+02:00").admitted()).isTrue();
	}

	@Test
	void refusesByTheRuleWithItsExplanation() {
		CompiledPolicy policy = policy()
			.area(area("lounge").reentry(Reentry.ANY).rule("entriesToday < 2", "at most two visits a day"))
			.compile();
		checkIn("lounge", "2026-10-24T10:00:00+02:00");
		assertThat(decide(policy, "lounge", "full", "2026-10-24T11:00:00+02:00").admitted()).isTrue();
		checkIn("lounge", "2026-10-24T11:00:00+02:00");
		assertThat(decide(policy, "lounge", "full", "2026-10-24T12:00:00+02:00"))
			.isEqualTo(Decision.refuseByRule("at most two visits a day"));
	}

	@Test
	void aRuleWithoutExplanationExplainsItselfWithItsText() {
		CompiledPolicy policy = policy().area(area("lounge").rule("weekday == 'SUNDAY'")).compile();
		assertThat(decide(policy, "lounge", "full", "2026-10-24T12:00:00+02:00"))
			.isEqualTo(Decision.refuseByRule("weekday == 'SUNDAY'"));
	}

	@Test
	void aRuleThatFailsOnTheFactsRefusesWithCelsErrorCode() {
		CompiledPolicy policy = policy().area(area("lounge").rule("10 / entriesHere > 1")).compile();
		assertThat(decide(policy, "lounge", "full", "2026-10-24T12:00:00+02:00"))
			.isEqualTo(Decision.refuseByRule("the rule could not be evaluated (DIVIDE_BY_ZERO)"));
	}

	@Test
	void refusesAFullAreaButNotSomeoneAlreadyInside() {
		CompiledPolicy policy = policy().area(area("hall").reentry(Reentry.ANY).capacity(100)).compile();
		Optional<Occupancy> full = Optional.of(new Occupancy(100, 100));
		assertThat(reason(decide(policy, "hall", "full", "2026-10-24T10:00:00+02:00", full)))
			.isEqualTo(Reason.AREA_FULL);
		assertThat(decide(policy, "hall", "full", "2026-10-24T10:00:00+02:00", Optional.of(new Occupancy(99, 100)))
			.admitted()).isTrue();
		checkIn("hall", "2026-10-24T09:00:00+02:00");
		assertThat(decide(policy, "hall", "full", "2026-10-24T10:00:00+02:00", full).admitted()).isTrue();
	}

	@Test
	void aKioskAllowanceTakesAPlaceForEveryAdmissionEvenOfSomeoneInside() {
		CompiledPolicy policy = policy().area(area("hall").reentry(Reentry.ANY).capacity(100)).compile();
		Instant now = Instant.parse("2026-10-24T08:00:00Z");
		Escrow.Allowance allowance = new Escrow.Allowance(5, now.plus(Duration.ofMinutes(30)));
		Optional<Occupancy> used = Optional.of(Escrow.occupancy(allowance, 5, now, Duration.ofMinutes(1)));
		Optional<Occupancy> room = Optional.of(Escrow.occupancy(allowance, 4, now, Duration.ofMinutes(1)));
		checkIn("hall", "2026-10-24T09:00:00+02:00");
		// the kiosk believes the attendee inside, but its belief may be stale: the place
		// it would fill is real
		assertThat(reason(decide(policy, "hall", "full", "2026-10-24T10:00:00+02:00", used)))
			.isEqualTo(Reason.AREA_FULL);
		assertThat(decide(policy, "hall", "full", "2026-10-24T10:00:00+02:00", room).admitted()).isTrue();
		// no allowance, or a lease about to end by the kiosk's clock: no place at all
		assertThat(Escrow.occupancy(null, 0, now, Duration.ofMinutes(1)).full()).isTrue();
		assertThat(Escrow.occupancy(allowance, 0, now.plus(Duration.ofMinutes(29)), Duration.ofMinutes(1)).full())
			.isTrue();
		assertThat(Escrow.occupancy(allowance, 0, now.plus(Duration.ofMinutes(28)), Duration.ofMinutes(1)).full())
			.isFalse();
	}

	@Test
	void aKioskHoldsAPlaceForEachAdmissionUntilItLetsTheSamePersonOut() {
		// an exit gives a place back only for someone this kiosk let in since its base:
		// a double scan, someone let in elsewhere, someone never in give nothing
		assertThat(Escrow.held(List.of(step("a", true), step("b", true), step("a", false)))).isEqualTo(1);
		assertThat(Escrow.held(List.of(step("a", true), step("a", false), step("a", false)))).isZero();
		assertThat(Escrow.held(List.of(step("x", false), step("y", false), step("a", true)))).isEqualTo(1);
		// an exit before the admission frees nothing; re-entries each take a place
		assertThat(Escrow.held(List.of(step("a", false), step("a", true)))).isEqualTo(1);
		assertThat(Escrow.held(List.of(step("a", true), step("a", true), step("a", false)))).isEqualTo(1);
		// someone it let in before its base and still holds: their exit gives the place
		// back, once
		assertThat(Escrow.held(List.of("a", "b"), List.of(step("a", false), step("a", false)))).isEqualTo(1);
		assertThat(Escrow.held(List.of("a"), List.of(step("c", false)))).isEqualTo(1);
	}

	@Test
	void aGrantSharesTheFreePlacesBesideWhatTheKioskHolds() {
		// 100 places, 40 inside, 30 of them outside the ledgers, 20 reserved by other
		// kiosks, 3 kiosks: a fair share is 20 of the 60 not in use, and 50 are free
		assertThat(Escrow.grant(100, 40, 30, 20, 0, 3)).isEqualTo(20);
		// what the kiosk held since its last base comes out of the free places
		assertThat(Escrow.grant(100, 40, 30, 20, 45, 3)).isEqualTo(5);
		assertThat(Escrow.grant(100, 40, 30, 80, 0, 3)).isZero();
		assertThat(Escrow.grant(10, 0, 0, 0, 0, 20)).isEqualTo(1);
		// the reserve covers the grant held and the one on its way
		assertThat(Escrow.reserve(10L, 3, 4L)).isEqualTo(10);
		assertThat(Escrow.reserve(10L, 8, 4L)).isEqualTo(12);
		assertThat(Escrow.reserve(null, 8, 4L)).isEqualTo(12);
		assertThat(Escrow.reserve(null, 8, null)).isZero();
		// a grant taken after admissions made while it was on its way keeps them
		assertThat(Escrow.adopted(3, 5)).isEqualTo(5);
	}

	@Test
	void theServerKnowsWhichGrantAKioskHolds() {
		Instant now = Instant.parse("2026-10-24T08:00:00Z");
		Instant until = now.plus(Duration.ofMinutes(30));
		Escrow.Ledger first = Escrow.Ledger.granted(null, 1, 10, List.of("a"), 0, 5, until);
		assertThat(first.reserve(now)).isEqualTo(5);
		// the kiosk names the grant on its way: it holds it now; a kiosk that held no
		// grant before admitted nothing under one, so what it says it held when it took
		// it counts only up to the grant's places, what the server reserved for it
		assertThat(first.taken(1L, 3, now)).contains(new Escrow.Held(1, 10, List.of("a"), 5, until));
		assertThat(first.taken(1L, 7, now)).contains(new Escrow.Held(1, 10, List.of("a"), 5, until));
		assertThat(first.taken(1L, Long.MAX_VALUE, now)).contains(new Escrow.Held(1, 10, List.of("a"), 5, until));
		// it names none, or one the server does not know: it holds nothing
		assertThat(first.taken(null, 0, now)).isEmpty();
		assertThat(first.taken(9L, 0, now)).isEmpty();
		Escrow.Ledger second = Escrow.Ledger.granted(first.taken(1L, 0, now).orElseThrow(), 2, 14, List.of(), 3, 4,
				until);
		assertThat(second.base()).isEqualTo(10);
		assertThat(second.reserve(now)).isEqualTo(7);
		// the kiosk takes the second grant having held 6 after its base (entries made
		// under the first while the answer was on its way): it holds them; it cannot
		// have held more than the 7 the server reserved for it
		assertThat(second.taken(2L, 6, now)).contains(new Escrow.Held(2, 14, List.of(), 6, until));
		assertThat(second.taken(2L, Long.MAX_VALUE, now)).contains(new Escrow.Held(2, 14, List.of(), 7, until));
		// the answer was lost: the kiosk names the first grant again
		assertThat(second.taken(1L, 0, now)).contains(new Escrow.Held(1, 10, List.of("a"), 5, until));
		// leases end: no places held
		assertThat(second.live(until)).isFalse();
		assertThat(second.reserve(until)).isZero();
		assertThat(second.taken(2L, 0, until)).isEmpty();
	}

	private static Escrow.Step step(String attendee, boolean admission) {
		return new Escrow.Step(attendee, admission);
	}

	@Test
	void whenSeveralChecksFailTheFirstInTheOrderIsTheReason() {
		// a Saturday pass on Sunday at a closed area it is not admitted to, already
		// entered,
		// with a failing rule and no room: every check fails, the first in the order is
		// told
		CompiledPolicy policy = policy().ticketType("full")
			.ticketType("day-sat", SATURDAY)
			.area(area("hall").admits("full").open(SATURDAY, "09:00", "10:00").rule("false").capacity(1))
			.compile();
		checkIn("hall", "2026-10-24T09:10:00+02:00");
		Optional<Occupancy> full = Optional.of(new Occupancy(1, 1));
		assertThat(reason(decide(policy, "hall", "day-sat", "2026-10-25T12:00:00+01:00", full)))
			.isEqualTo(Reason.TICKET_NOT_VALID_HERE);
		CompiledPolicy admitted = policy().ticketType("day-sat", SATURDAY)
			.area(area("hall").admits("day-sat")
				.open(SATURDAY, "09:00", "10:00")
				.minMinutesBetweenEntries(60)
				.rule("false")
				.capacity(1))
			.compile();
		assertThat(reason(decide(admitted, "hall", "day-sat", "2026-10-25T12:00:00+01:00", full)))
			.isEqualTo(Reason.NOT_VALID_TODAY);
		assertThat(reason(decide(admitted, "hall", "day-sat", "2026-10-24T12:00:00+02:00", full)))
			.isEqualTo(Reason.AREA_CLOSED);
		assertThat(reason(decide(admitted, "hall", "day-sat", "2026-10-24T09:20:00+02:00", full)))
			.isEqualTo(Reason.ALREADY_ENTERED);
		CompiledPolicy again = policy().ticketType("day-sat", SATURDAY)
			.area(area("hall").admits("day-sat")
				.reentry(Reentry.ANY)
				.minMinutesBetweenEntries(60)
				.rule("false", "closed by rule")
				.capacity(1))
			.compile();
		assertThat(reason(decide(again, "hall", "day-sat", "2026-10-24T09:20:00+02:00", full)))
			.isEqualTo(Reason.TOO_SOON);
		assertThat(reason(decide(again, "hall", "day-sat", "2026-10-24T12:00:00+02:00", full))).isEqualTo(Reason.RULE);
	}

	@Test
	void anAnnulledAdmissionCountsNowhere() {
		CompiledPolicy policy = policy().area(area("hall").rule("entriesToday == 0 && entryDays == 0")).compile();
		String key = checkIn("hall", "2026-10-24T10:00:00+02:00");
		this.history.add(Movement.annul("desk:1", ATTENDEE, instant("2026-10-24T10:01:00+02:00"), key));
		assertThat(decide(policy, "hall", "full", "2026-10-24T10:02:00+02:00").admitted()).isTrue();
	}

	@Test
	void anAnnulledAdmissionCountsNowhereWheneverTheAnnulmentWasCaptured() {
		// invariant 13: judged again after the annulment arrived, the attempt before it
		// sees no admission (the kiosk that refused it then did not know better)
		CompiledPolicy policy = policy().area(area("hall")).compile();
		String key = checkIn("hall", "2026-10-24T10:00:00+02:00");
		this.history.add(Movement.annul("desk:1", ATTENDEE, instant("2026-10-24T12:00:00+02:00"), key));
		assertThat(decide(policy, "hall", "full", "2026-10-24T11:00:00+02:00").admitted()).isTrue();
	}

	@Test
	void refusedAttemptsChangeNoCount() {
		CompiledPolicy policy = policy().area(area("hall").rule("entriesHere == 0 && minutesSinceLastEntry == -1"))
			.compile();
		this.history.add(Movement.refused("kiosk-01:1", ATTENDEE, "hall", instant("2026-10-24T10:00:00+02:00")));
		assertThat(decide(policy, "hall", "full", "2026-10-24T10:02:00+02:00").admitted()).isTrue();
	}

	@Test
	void movementsCapturedLaterOrOfOthersAreNotPrior() {
		CompiledPolicy policy = policy().area(area("hall")).compile();
		checkIn("hall", "2026-10-24T12:00:00+02:00");
		this.history.add(Movement.checkIn("kiosk-02:1", "att-2", "hall", instant("2026-10-24T09:00:00+02:00")));
		assertThat(decide(policy, "hall", "full", "2026-10-24T11:00:00+02:00").admitted()).isTrue();
	}

	@Test
	void atTheSameInstantTheKeyDecidesWhatIsPrior() {
		CompiledPolicy policy = policy().area(area("hall")).compile();
		Instant at = instant("2026-10-24T10:00:00+02:00");
		List<Movement> movements = List.of(Movement.checkIn("kiosk-01:9", ATTENDEE, "hall", at));
		// kiosk-01:9 comes before kiosk-01:10 (by seq, not by text)
		assertThat(reason(
				EntryDecider.decide(policy, new Attempt(ATTENDEE, "full", "hall", at, "kiosk-01:10"), movements)))
			.isEqualTo(Reason.ALREADY_ENTERED);
		assertThat(EntryDecider.decide(policy, new Attempt(ATTENDEE, "full", "hall", at, "kiosk-01:8"), movements)
			.admitted()).isTrue();
		// the entry itself is not prior to itself: the server judging it again agrees
		assertThat(EntryDecider.decide(policy, new Attempt(ATTENDEE, "full", "hall", at, "kiosk-01:9"), movements)
			.admitted()).isTrue();
		// without a key (an online check), everything captured up to the instant is prior
		assertThat(reason(EntryDecider.decide(policy, new Attempt(ATTENDEE, "full", "hall", at, null), movements)))
			.isEqualTo(Reason.ALREADY_ENTERED);
	}

	@Test
	void twoOfflineDoorsAdmittingTheSameOnceTicketAreJudgedInCaptureOrder() {
		// each door decided from its own queue and admitted; the server, with both
		// entries,
		// admits the first and refuses the second: the one to flag ADMITTED_AGAINST_RULES
		CompiledPolicy policy = policy().area(area("hall")).compile();
		Movement north = Movement.checkIn("kiosk-north:5", ATTENDEE, "hall", instant("2026-10-24T10:00:00+02:00"));
		Movement south = Movement.checkIn("kiosk-south:7", ATTENDEE, "hall", instant("2026-10-24T10:00:30+02:00"));
		List<Movement> venue = List.of(south, north);
		assertThat(EntryDecider.decide(policy, attemptOf(north), venue).admitted()).isTrue();
		assertThat(reason(EntryDecider.decide(policy, attemptOf(south), venue))).isEqualTo(Reason.ALREADY_ENTERED);
	}

	private static Attempt attemptOf(Movement movement) {
		return new Attempt(movement.attendeeId(), "full", movement.areaId(), movement.capturedAt(), movement.key());
	}

	private String checkIn(String areaId, String capturedAt) {
		String key = "kiosk-01:" + (++this.seq);
		this.history.add(Movement.checkIn(key, ATTENDEE, areaId, instant(capturedAt)));
		return key;
	}

	private void exit(String areaId, String capturedAt) {
		this.history.add(Movement.exit("kiosk-01:" + (++this.seq), ATTENDEE, areaId, instant(capturedAt)));
	}

	private Decision decide(CompiledPolicy policy, String areaId, String ticketType, String capturedAt) {
		return decide(policy, areaId, ticketType, capturedAt, Optional.empty());
	}

	private Decision decide(CompiledPolicy policy, String areaId, String ticketType, String capturedAt,
			Optional<Occupancy> occupancy) {
		Attempt attempt = new Attempt(ATTENDEE, ticketType, areaId, instant(capturedAt), "kiosk-09:1");
		return EntryDecider.decide(policy, attempt, this.history, occupancy);
	}

	private static Reason reason(Decision decision) {
		return decision.reason();
	}

	static Instant instant(String capturedAt) {
		return OffsetDateTime.parse(capturedAt).toInstant();
	}

}
