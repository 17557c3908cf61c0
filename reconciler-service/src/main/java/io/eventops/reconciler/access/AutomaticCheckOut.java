package io.eventops.reconciler.access;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.eventops.rules.policy.Area;
import io.eventops.rules.policy.CompiledPolicy;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * An area's automatic check-out (#36): at its {@code exitAllAt}, local time of the
 * policy's zone, every day, everyone inside is recorded as leaving, with a server-origin
 * {@code EXIT} captured a microsecond before it. The occupancy already counts them out
 * then ({@code Inside.at} applies {@code exitAllAt} by itself, so a replica that runs
 * late changes no count); the rows are what the attendee's history and {@code exitsToday}
 * show.
 *
 * <p>
 * Exactly once across replicas and restarts by the exit's key,
 * {@code exit-all:{eventId}:{areaId}:{localDate}:{attendeeId}} (a ':' in the area or
 * attendee id written {@code %3A}), the movements' primary key
 * ({@code ON CONFLICT DO NOTHING}); ShedLock only keeps replicas from doing the same work
 * at once. Each run looks at the last two local days, so a run missed across midnight (a
 * restart, a deploy) is made up, and an admission captured before the check-out but
 * delivered after it (an offline kiosk) gets its exit at the next run. A local time that
 * a DST change skips moves later by the gap (02:30 becomes 03:30), one it repeats is its
 * earlier instant; either way one check-out per local day.
 */
@Component
class AutomaticCheckOut {

	static final String SOURCE = "exit-all";

	private static final Logger logger = LoggerFactory.getLogger(AutomaticCheckOut.class);

	private static final String EVENTS = "SELECT DISTINCT event_id FROM reconciler.event_policies";

	private static final String INSERT = """
			INSERT INTO reconciler.movements (idempotency_key, event_id, attendee_id, kiosk_id, seq, type, area_id,
			  captured_at)
			SELECT ? || replace(a, ':', '%3A'), ?, a, ?, ?, 'EXIT', ?, ? FROM unnest(?::text[]) AS t(a)
			ON CONFLICT (idempotency_key) DO NOTHING""";

	private final JdbcTemplate jdbc;

	private final PolicyStore policies;

	private final AreaOccupancy occupancy;

	private final Clock clock;

	AutomaticCheckOut(JdbcTemplate jdbc, PolicyStore policies, AreaOccupancy occupancy, Clock clock) {
		this.jdbc = jdbc;
		this.policies = policies;
		this.occupancy = occupancy;
		this.clock = clock;
	}

	@Scheduled(fixedDelayString = "${eventops.reconciler.exit-all-check:30s}", initialDelayString = "5s")
	@SchedulerLock(name = "reconciler.exit-all", lockAtMostFor = "PT5M", lockAtLeastFor = "PT1S")
	void scheduled() {
		int recorded = checkOut(this.clock.instant());
		if (recorded > 0) {
			logger.info("automatic check-out recorded {} exits", recorded);
		}
	}

	/**
	 * Records the check-outs due by an instant that are not recorded yet.
	 * @param now the instant
	 * @return the exits recorded now
	 */
	int checkOut(Instant now) {
		int recorded = 0;
		for (String eventId : this.jdbc.queryForList(EVENTS, String.class)) {
			CompiledPolicy policy;
			try {
				policy = this.policies.currentCompiled(eventId).orElse(null);
			}
			catch (RuntimeException ex) {
				// one event whose stored policy does not compile stops its own check-out
				// only
				logger.warn("automatic check-out of event {} skipped: {}", eventId, ex.getMessage());
				continue;
			}
			if (policy == null) {
				continue;
			}
			for (Area area : policy.policy().areas()) {
				if (area.exitAllAt() == null) {
					continue;
				}
				LocalDate today = now.atZone(policy.zone()).toLocalDate();
				for (LocalDate day : List.of(today.minusDays(1), today)) {
					Instant at = instant(day, area, policy.zone());
					if (!at.isAfter(now) && eventDay(policy, day)) {
						recorded += checkOut(eventId, policy, area.areaId(), day, at);
					}
				}
			}
		}
		return recorded;
	}

	private int checkOut(String eventId, CompiledPolicy policy, String areaId, LocalDate day, Instant at) {
		// who was inside just before the check-out: at it, Inside counts them out
		// already.
		// The exits are captured a microsecond before the check-out's instant: still
		// after
		// every admission they undo (kiosks capture milliseconds), and before an
		// admission
		// captured at the instant itself, which stays inside as Inside decides, whatever
		// the kiosk's id (the tie-break of equal times is the key's source)
		Instant just = at.minusNanos(1000);
		Set<String> inside = this.occupancy.insideSets(eventId, policy, List.of(areaId), just).get(areaId);
		if (inside.isEmpty()) {
			return 0;
		}
		// area and attendee ids may hold ':' (event ids may not): it is written %3A
		// in the key ('%' is in no id), so two keys never meet, and the key of ids
		// without ':' is as it always was
		String prefix = SOURCE + ":" + eventId + ":" + areaId.replace(":", "%3A") + ":" + day + ":";
		long seq = day.getYear() * 10_000L + day.getMonthValue() * 100L + day.getDayOfMonth();
		List<String> attendees = new ArrayList<>(inside);
		Integer inserted = this.jdbc.execute((Connection connection) -> {
			PreparedStatement statement = connection.prepareStatement(INSERT);
			statement.setString(1, prefix);
			statement.setString(2, eventId);
			statement.setString(3, SOURCE);
			statement.setLong(4, seq);
			statement.setString(5, areaId);
			statement.setTimestamp(6, Timestamp.from(just));
			statement.setArray(7, connection.createArrayOf("text", attendees.toArray()));
			return statement;
		}, PreparedStatement::executeUpdate);
		return (inserted != null) ? inserted : 0;
	}

	// the local instant of the check-out on a day: a time a DST gap skips moves forward
	// by
	// the gap, one an overlap repeats is its earlier offset (Inside decides the same way)
	static Instant instant(LocalDate day, Area area, ZoneId zone) {
		return ZonedDateTime.ofLocal(LocalDateTime.of(day, area.exitAllAt()), zone, null).toInstant();
	}

	// the event's days, and the day after each (a check-out after midnight ends the last
	// evening)
	private static boolean eventDay(CompiledPolicy policy, LocalDate day) {
		return policy.days().contains(day) || policy.days().contains(day.minusDays(1));
	}

}
