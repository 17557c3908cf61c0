package io.eventops.reconciler.access;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.eventops.reconciler.web.DomainException;
import io.eventops.rules.decision.Inside;
import io.eventops.rules.decision.Movement;
import io.eventops.rules.decision.MovementType;
import io.eventops.rules.policy.CompiledPolicy;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Who is inside an area, from the movements in PostgreSQL (invariant 13): every replica
 * reads the same rows, so the endpoint, the gauge and the online {@code AREA_FULL} check
 * agree across replicas. Inside-now is decided by entry-rules' {@link Inside#at}, the one
 * procedure the kiosk agent uses too; PostgreSQL only leaves out what cannot change it:
 * annulled admissions, and every movement of an attendee in the area but those at its
 * latest capture time (ties are ordered by {@link Inside} itself, by key).
 */
@Component
class AreaOccupancy {

	// Per attendee of the areas: the counted movements (CHECK_IN not annulled, whenever
	// the annulment was captured; EXIT) at the latest capture time up to the instant.
	private static final String LATEST = """
			SELECT area_id, idempotency_key, attendee_id, type, captured_at FROM (
			  SELECT m.area_id, m.idempotency_key, m.attendee_id, m.type, m.captured_at,
			    rank() OVER (PARTITION BY m.area_id, m.attendee_id ORDER BY m.captured_at DESC) AS latest
			  FROM reconciler.movements m
			  WHERE m.event_id = ? AND m.area_id = ANY(?::text[]) AND m.type IN ('CHECK_IN', 'EXIT')
			    AND m.captured_at <= ?
			    AND NOT EXISTS (SELECT 1 FROM unnest(?::text[], ?::bigint[]) AS l(kiosk_id, base)
			      WHERE l.kiosk_id = m.kiosk_id AND m.seq > l.base)
			    AND NOT (m.type = 'CHECK_IN' AND EXISTS (SELECT 1 FROM unnest(?::text[], ?::text[]) AS c(kiosk_id, attendee_id)
			      WHERE c.kiosk_id = m.kiosk_id AND c.attendee_id = m.attendee_id))
			    AND (m.type = 'EXIT' OR NOT EXISTS (SELECT 1 FROM reconciler.movements a
			      WHERE a.attendee_id = m.attendee_id AND a.type = 'ANNUL' AND a.annuls = m.idempotency_key))
			) s WHERE latest = 1""";

	// Admissions (not annulled) and exits captured in the area's local day up to the
	// instant; the key is the primary key, so a replayed entry is one row
	private static final String TODAY = """
			SELECT count(*) FILTER (WHERE m.type = 'CHECK_IN' AND NOT EXISTS (SELECT 1 FROM reconciler.movements a
			    WHERE a.attendee_id = m.attendee_id AND a.type = 'ANNUL' AND a.annuls = m.idempotency_key)),
			  count(*) FILTER (WHERE m.type = 'EXIT')
			FROM reconciler.movements m
			WHERE m.event_id = ? AND m.area_id = ? AND m.type IN ('CHECK_IN', 'EXIT')
			  AND m.captured_at >= ? AND m.captured_at <= ?""";

	private final JdbcTemplate jdbc;

	private final PolicyStore policies;

	AreaOccupancy(JdbcTemplate jdbc, PolicyStore policies) {
		this.jdbc = jdbc;
		this.policies = policies;
	}

	/**
	 * The occupancy of an area of the event's current policy.
	 * @param eventId the event
	 * @param areaId the area
	 * @param at the instant
	 * @return the occupancy
	 * @throws DomainException not found when the current policy has no such area
	 */
	OccupancyReading current(String eventId, String areaId, Instant at) {
		CompiledPolicy policy = this.policies.currentCompiled(eventId)
			.filter((current) -> current.area(areaId).isPresent())
			.orElseThrow(() -> DomainException.notFound("Area", areaId));
		return read(eventId, policy, areaId, at);
	}

	/**
	 * How many attendees are inside each area at an instant.
	 * @param eventId the event
	 * @param policy the policy whose areas (zone, automatic check-out) apply
	 * @param areaIds areas of the policy
	 * @param at the instant
	 * @return the count inside per area, every area given included
	 */
	Map<String, Long> inside(String eventId, CompiledPolicy policy, Collection<String> areaIds, Instant at) {
		Map<String, Long> counts = new HashMap<>();
		insideSets(eventId, policy, areaIds, at).forEach((area, inside) -> counts.put(area, (long) inside.size()));
		return counts;
	}

	/**
	 * Who is inside each area at an instant.
	 * @param eventId the event
	 * @param policy the policy whose areas (zone, automatic check-out) apply
	 * @param areaIds areas of the policy
	 * @param at the instant
	 * @return the attendee ids inside per area, sorted, every area given included
	 */
	Map<String, Set<String>> insideSets(String eventId, CompiledPolicy policy, Collection<String> areaIds, Instant at) {
		return insideSets(eventId, policy, areaIds, at, Map.of(), Map.of(), false);
	}

	/**
	 * How many attendees are inside an area by every movement but the live allowance
	 * ledgers' entries after their bases and their admissions of the attendees they carry
	 * (invariant 14, entry-rules' {@code Escrow}).
	 * @param eventId the event
	 * @param policy the event's policy
	 * @param areaId an area of the policy
	 * @param at the instant
	 * @param bases per kiosk, the seq after which its entries are left out
	 * @param carried per kiosk, the attendees whose admissions there are left out
	 * @return the count
	 */
	long insideOutsideLedgers(String eventId, CompiledPolicy policy, String areaId, Instant at, Map<String, Long> bases,
			Map<String, List<String>> carried) {
		return insideSets(eventId, policy, List.of(areaId), at, bases, carried, true).get(areaId).size();
	}

	/**
	 * Who holds a place in an area ({@code Inside.holding}: every movement counted
	 * whenever captured, for the escrow's grants).
	 * @param eventId the event
	 * @param policy the event's policy
	 * @param areaId an area of the policy
	 * @param at the instant
	 * @return the count
	 */
	long holding(String eventId, CompiledPolicy policy, String areaId, Instant at) {
		return insideSets(eventId, policy, List.of(areaId), at, Map.of(), Map.of(), true).get(areaId).size();
	}

	private Map<String, Set<String>> insideSets(String eventId, CompiledPolicy policy, Collection<String> areaIds,
			Instant at, Map<String, Long> bases, Map<String, List<String>> carried, boolean everyCapture) {
		Map<String, List<Movement>> latest = new HashMap<>();
		List<String> kiosks = List.copyOf(bases.keySet());
		Long[] after = kiosks.stream().map(bases::get).toArray(Long[]::new);
		List<String> carriers = new ArrayList<>();
		List<String> carriedAttendees = new ArrayList<>();
		carried.forEach((kiosk, attendees) -> attendees.forEach((attendee) -> {
			carriers.add(kiosk);
			carriedAttendees.add(attendee);
		}));
		if (!areaIds.isEmpty()) {
			Timestamp instant = Timestamp.from(everyCapture ? Instant.parse("9999-12-31T00:00:00Z") : at);
			this.jdbc.query((connection) -> {
				var statement = connection.prepareStatement(LATEST);
				statement.setString(1, eventId);
				statement.setArray(2, connection.createArrayOf("text", areaIds.toArray()));
				statement.setTimestamp(3, instant);
				statement.setArray(4, connection.createArrayOf("text", kiosks.toArray()));
				statement.setArray(5, connection.createArrayOf("bigint", after));
				statement.setArray(6, connection.createArrayOf("text", carriers.toArray()));
				statement.setArray(7, connection.createArrayOf("text", carriedAttendees.toArray()));
				return statement;
			}, (rs) -> {
				String area = rs.getString(1);
				latest.computeIfAbsent(area, (key) -> new ArrayList<>())
					.add(new Movement(rs.getString(2), rs.getString(3), MovementType.valueOf(rs.getString(4)), area,
							rs.getTimestamp(5).toInstant(), null));
			});
		}
		Map<String, Set<String>> inside = new HashMap<>();
		for (String area : areaIds) {
			List<Movement> movements = latest.getOrDefault(area, List.of());
			inside.put(area, everyCapture ? Inside.holding(policy, area, movements, at)
					: Inside.at(policy, area, movements, at));
		}
		return inside;
	}

	/**
	 * The occupancy of one area at an instant.
	 * @param eventId the event
	 * @param policy the event's current policy
	 * @param areaId an area of the policy
	 * @param at the instant
	 * @return the occupancy
	 */
	OccupancyReading read(String eventId, CompiledPolicy policy, String areaId, Instant at) {
		long inside = inside(eventId, policy, List.of(areaId), at).get(areaId);
		LocalDate today = at.atZone(policy.zone()).toLocalDate();
		Instant midnight = today.atStartOfDay(policy.zone()).toInstant();
		Timestamp instant = Timestamp.from(at);
		long[] counts = this.jdbc.queryForObject(TODAY, (rs, n) -> new long[] { rs.getLong(1), rs.getLong(2) }, eventId,
				areaId, Timestamp.from(midnight), instant);
		Integer capacity = policy.area(areaId).orElseThrow().area().capacity();
		return new OccupancyReading(inside, capacity, counts[0], counts[1], at);
	}

	/**
	 * An area's occupancy.
	 *
	 * @param inside attendees inside now (invariant 13)
	 * @param capacity the most inside at once, or {@code null} for no limit
	 * @param admittedToday admissions captured today (the policy's zone), annulled ones
	 * left out
	 * @param exitsToday exits captured today
	 * @param asOf the instant it was read at
	 */
	record OccupancyReading(long inside, Integer capacity, long admittedToday, long exitsToday, Instant asOf) {
	}

}
