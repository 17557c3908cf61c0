package io.eventops.reconciler.access;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.eventops.reconciler.web.DomainException;
import io.eventops.rules.decision.Attempt;
import io.eventops.rules.decision.Decision;
import io.eventops.rules.decision.EntryDecider;
import io.eventops.rules.decision.Movement;
import io.eventops.rules.decision.Occupancy;
import io.eventops.rules.decision.Reason;
import io.eventops.rules.policy.CompiledPolicy;
import io.eventops.web.ProblemResponses;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;

/**
 * Decides an online admission check from the event's current policy version and the
 * attendee's venue-wide movements in PostgreSQL, with the decision the kiosks use
 * (invariant 12). An event without a policy is decided by the implicit one: one area,
 * every ticket once.
 */
@Service
class AdmissionCheck {

	private static final String SELECT_ATTENDEE = """
			SELECT a.event_id, a.ticket_type, c.attendee_id IS NOT NULL AS checked_in,
			  (SELECT max(version) FROM reconciler.event_policies p WHERE p.event_id = a.event_id) AS version
			FROM reconciler.attendees a LEFT JOIN reconciler.check_ins c ON c.attendee_id = a.attendee_id
			WHERE a.attendee_id = ?""";

	private final JdbcTemplate jdbc;

	private final PolicyStore policies;

	private final MovementHistory history;

	private final AreaOccupancy occupancy;

	AdmissionCheck(JdbcTemplate jdbc, PolicyStore policies, MovementHistory history, AreaOccupancy occupancy) {
		this.jdbc = jdbc;
		this.policies = policies;
		this.history = history;
		this.occupancy = occupancy;
	}

	AdmissionAnswer check(String eventId, AdmissionRequest request) {
		List<Found> found = this.jdbc.query(SELECT_ATTENDEE, (rs, n) -> {
			long version = rs.getLong("version");
			return new Found(rs.getString("event_id"), rs.getString("ticket_type"), rs.getBoolean("checked_in"),
					rs.wasNull() ? 0 : version);
		}, request.attendeeId());
		if (found.isEmpty() || !found.get(0).eventId().equals(eventId)) {
			throw DomainException.notFound("Attendee", request.attendeeId());
		}
		Found attendee = found.get(0);
		if (attendee.version() == 0) {
			return AdmissionAnswer.of(attendee.checkedIn() ? Decision.refuse(Reason.ALREADY_ENTERED) : Decision.admit(),
					0);
		}
		if (request.areaId() == null) {
			throw DomainException.validation(List
				.of(new ProblemResponses.FieldError("areaId", "is required: the event has an access-control policy")));
		}
		CompiledPolicy policy = this.policies.compiled(eventId, attendee.version()).orElseThrow();
		List<Movement> movements = this.history.of(Set.of(request.attendeeId()))
			.getOrDefault(request.attendeeId(), List.of())
			.stream()
			.map(MovementHistory.Recorded::movement)
			.toList();
		Instant at = request.capturedAt().toInstant();
		Decision decision = EntryDecider.decide(policy,
				new Attempt(request.attendeeId(), attendee.ticketType(), request.areaId(), at, null), movements,
				occupancy(eventId, policy, request.areaId(), at));
		return AdmissionAnswer.of(decision, attendee.version());
	}

	// Online, an area with a capacity refuses AREA_FULL while the venue-wide inside-now
	// (invariant 13) is at it (one more statement per check, for such areas only).
	private Optional<Occupancy> occupancy(String eventId, CompiledPolicy policy, String areaId, Instant at) {
		Integer capacity = policy.area(areaId).map((area) -> area.area().capacity()).orElse(null);
		if (capacity == null) {
			return Optional.empty();
		}
		long inside = this.occupancy.inside(eventId, policy, List.of(areaId), at).get(areaId);
		return Optional.of(new Occupancy(inside, capacity));
	}

	private record Found(String eventId, String ticketType, boolean checkedIn, long version) {
	}

}
