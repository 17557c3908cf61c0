package io.eventops.rules.decision;

import io.eventops.rules.policy.Area;
import io.eventops.rules.policy.EventPolicy;
import io.eventops.rules.policy.OpenWindow;
import io.eventops.rules.policy.Reentry;
import io.eventops.rules.policy.TicketType;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * Random policies, histories and attempts for the properties: time zones with odd offsets
 * and summer time, event days across the nights clocks change, capture times on a coarse
 * grid so that ties at one instant happen, keys that repeat.
 */
final class Scenarios {

	static final String ATTENDEE = "att-1";

	private static final List<String> ZONES = List.of("Europe/Berlin", "America/New_York", "Asia/Kolkata",
			"Australia/Lord_Howe", "Pacific/Chatham", "America/St_Johns", "UTC", "Asia/Kathmandu", "America/Santiago");

	/** Saturdays before Berlin (twice), New York and Lord Howe change their clocks. */
	private static final List<LocalDate> FIRST_DAYS = List.of(LocalDate.parse("2026-10-24"),
			LocalDate.parse("2026-03-28"), LocalDate.parse("2026-10-31"), LocalDate.parse("2026-04-04"));

	private static final List<String> RULES = List.of("entriesToday < 2", "weekday != 'SUNDAY' || inside",
			"timeOfDay >= '10:00'", "minutesSinceLastEntry == -1 || minutesSinceLastEntry > 20",
			"entryDays <= 1 && localDate != '2026-10-25'", "ticketType == 't0' || entriesHere == 0",
			"capturedAt.getHours('Europe/Berlin') < 20", "minuteOfDay % 2 == 0",
			"entriesHereToday == 0 || area == 'a1'", "10 / entriesHere > 1");

	/** Three days in minutes, on a five-minute grid. */
	private static final int GRID_STEPS = 3 * 24 * 12;

	private Scenarios() {
	}

	static Arbitrary<String> zones() {
		return Arbitraries.of(ZONES);
	}

	/**
	 * Scenarios without jqwik's generic edge cases, which would bury the weights below
	 * under empty histories at midnight; the edges that matter here (the nights clocks
	 * change, ties at one instant, repeated keys) are generated on purpose.
	 * @return the scenarios
	 */
	static Arbitrary<Scenario> scenarios() {
		return Combinators.combine(zones(), Arbitraries.of(FIRST_DAYS)).flatAs(Scenarios::scenario).withoutEdgeCases();
	}

	private static Arbitrary<Scenario> scenario(String zone, LocalDate first) {
		List<LocalDate> days = List.of(first, first.plusDays(1), first.plusDays(2));
		Instant start = first.atStartOfDay(ZoneId.of(zone)).toInstant();
		Arbitrary<List<TicketType>> types = ticketType(days).list()
			.ofMinSize(1)
			.ofMaxSize(3)
			.map(Scenarios::numberTypes);
		return types.flatMap((ticketTypes) -> {
			Arbitrary<List<Area>> areas = area(days, ticketTypes.size()).list()
				.ofMinSize(1)
				.ofMaxSize(3)
				.map(Scenarios::numberAreas);
			Arbitrary<List<Movement>> movements = movement(ATTENDEE, start).list().ofMaxSize(10);
			Arbitrary<List<Movement>> others = movement("att-2", start).list().ofMaxSize(4);
			Arbitrary<Attempt> attempt = attempt(start, ticketTypes.size());
			Arbitrary<Optional<Occupancy>> occupancy = Arbitraries.integers()
				.between(0, 3)
				.map((inside) -> new Occupancy(inside, 2))
				.optional();
			return Combinators.combine(areas, movements, others, attempt, occupancy)
				.as((areaList, history, otherHistory, theAttempt, theOccupancy) -> new Scenario(
						new EventPolicy(1L, zone, days, ticketTypes, areaList), theAttempt, history, otherHistory,
						theOccupancy));
		});
	}

	private static Arbitrary<TicketType> ticketType(List<LocalDate> days) {
		return Arbitraries.of(days)
			.set()
			.ofMaxSize(3)
			.map((valid) -> new TicketType("t", "Ticket", valid.stream().sorted().toList()));
	}

	private static List<TicketType> numberTypes(List<TicketType> types) {
		List<TicketType> numbered = new ArrayList<>();
		for (int i = 0; i < types.size(); i++) {
			numbered.add(new TicketType("t" + i, "Ticket " + i, types.get(i).validDays()));
		}
		return numbered;
	}

	private static Arbitrary<Area> area(List<LocalDate> days, int typeCount) {
		List<String> every = IntStream.range(0, typeCount).mapToObj((i) -> "t" + i).toList();
		Arbitrary<List<String>> some = Arbitraries.integers()
			.between(0, typeCount - 1)
			.set()
			.ofMinSize(1)
			.map((set) -> set.stream().sorted().map((i) -> "t" + i).toList());
		Arbitrary<List<String>> admits = Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just(every)),
				Tuple.of(1, some));
		// most areas open all day, so that the checks after AREA_CLOSED get their turn
		Arbitrary<List<OpenWindow>> open = Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.just(List.of())),
				Tuple.of(1, window(days).list().ofMinSize(1).ofMaxSize(2)));
		Arbitrary<Integer> tolerance = Arbitraries.of(0, 0, 5, 15, 30);
		Arbitrary<Reentry> reentry = Arbitraries.of(Reentry.ONCE, Reentry.ONCE_PER_DAY, Reentry.AFTER_EXIT,
				Reentry.AFTER_EXIT, Reentry.ANY, Reentry.ANY);
		Arbitrary<Integer> gap = Arbitraries.of(0, 10, 30, 60);
		Arbitrary<Optional<String>> rule = Arbitraries.of(RULES).optional();
		Arbitrary<Optional<LocalTime>> exitAllAt = Arbitraries.of(LocalTime.of(2, 30), LocalTime.of(23, 0)).optional();
		return Combinators.combine(admits, open, tolerance, reentry, gap, rule, exitAllAt)
			.as((admitted, windows, minutes, again, between, expression, exit) -> new Area("a", "Area", admitted,
					windows, minutes, again, between, false, expression.orElse(null), null, 2, exit.orElse(null)));
	}

	private static List<Area> numberAreas(List<Area> areas) {
		List<Area> numbered = new ArrayList<>();
		for (int i = 0; i < areas.size(); i++) {
			Area area = areas.get(i);
			numbered.add(new Area("a" + i, "Area " + i, area.admits(), area.open(), area.toleranceMinutes(),
					area.reentry(), area.minMinutesBetweenEntries(), i == 0, area.rule(), area.ruleExplanation(),
					area.capacity(), area.exitAllAt()));
		}
		return numbered;
	}

	private static Arbitrary<OpenWindow> window(List<LocalDate> days) {
		// 01:00-03:30 windows are the ones the nights of clock changes cut or repeat
		Arbitrary<LocalDate> day = Arbitraries.of(days).injectNull(0.5);
		Arbitrary<Integer> from = Arbitraries.integers().between(0, 22 * 4).map((quarter) -> quarter * 15);
		Arbitrary<Integer> length = Arbitraries.of(30, 150, 600, 900);
		return Combinators.combine(day, from, length).as((onDay, start, minutes) -> {
			LocalTime opens = LocalTime.MIDNIGHT.plusMinutes(start);
			int end = Math.min(start + minutes, 24 * 60 - 1);
			return new OpenWindow(onDay, opens, LocalTime.MIDNIGHT.plusMinutes(end));
		});
	}

	private static Arbitrary<Instant> capturedAt(Instant start) {
		// two thirds of them in one busy hour (10:00-11:00 of the first day, local
		// midnight
		// plus
		// ten hours), where gaps, ties and re-entries happen
		Arbitrary<Integer> step = Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.integers().between(0, GRID_STEPS)),
				Tuple.of(2, Arbitraries.integers().between(120, 132)));
		Arbitrary<Integer> seconds = Arbitraries.of(0, 0, 0, 30);
		return Combinators.combine(step, seconds).as((s, second) -> start.plusSeconds(s * 300L + second));
	}

	private static Arbitrary<String> key() {
		return Combinators.combine(Arbitraries.of("kiosk-0", "kiosk-1", "desk"), Arbitraries.integers().between(1, 12))
			.as((source, seq) -> source + ":" + seq);
	}

	private static Arbitrary<Movement> movement(String attendee, Instant start) {
		Arbitrary<MovementType> type = Arbitraries.frequencyOf(Tuple.of(6, Arbitraries.just(MovementType.CHECK_IN)),
				Tuple.of(3, Arbitraries.just(MovementType.EXIT)), Tuple.of(2, Arbitraries.just(MovementType.ANNUL)),
				Tuple.of(1, Arbitraries.just(MovementType.REFUSED)));
		Arbitrary<String> area = Arbitraries.frequencyOf(Tuple.of(6, Arbitraries.just("a0")),
				Tuple.of(1, Arbitraries.of("a1", "a2")));
		return Combinators.combine(type, key(), area, capturedAt(start), key())
			.as((kind, theKey, where, at, annulled) -> (kind == MovementType.ANNUL)
					? Movement.annul(theKey, attendee, at, annulled)
					: new Movement(theKey, attendee, kind, where, at, null));
	}

	private static Arbitrary<Attempt> attempt(Instant start, int typeCount) {
		Arbitrary<String> type = Arbitraries.integers()
			.between(0, typeCount * 4)
			.map((i) -> (i < typeCount * 4) ? "t" + (i % typeCount) : "unknown")
			.injectNull(0.1);
		Arbitrary<String> area = Arbitraries.frequencyOf(Tuple.of(12, Arbitraries.just("a0")),
				Tuple.of(1, Arbitraries.of("a1", "a2", "a3")));
		Arbitrary<String> key = key().injectNull(0.2);
		return Combinators.combine(type, area, capturedAt(start), key)
			.as((ticketType, where, at, theKey) -> new Attempt(ATTENDEE, ticketType, where, at, theKey));
	}

	/**
	 * One attempt with a policy and a history.
	 *
	 * @param policy the policy
	 * @param attempt the attempt
	 * @param movements the attendee's movements
	 * @param others other attendees' movements
	 * @param occupancy the area's occupancy, if checked
	 */
	record Scenario(EventPolicy policy, Attempt attempt, List<Movement> movements, List<Movement> others,
			Optional<Occupancy> occupancy) {

	}

}
