package io.eventops.reconciler.access;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import io.eventops.rules.decision.Attempt;
import io.eventops.rules.decision.Decision;
import io.eventops.rules.decision.EntryDecider;
import io.eventops.rules.decision.Movement;
import io.eventops.rules.decision.MovementType;
import io.eventops.rules.policy.CompiledPolicy;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The server's judgement of admissions (invariant 12): every admission and refusal of the
 * attendees a batch touched is decided again with the policy version it was captured
 * under and the attendee's venue-wide movements, and a kiosk's admission the server
 * refuses is flagged {@code ADMITTED_AGAINST_RULES}. The verdicts are recomputed from all
 * the movements each time, under per-attendee locks taken in a fixed order, so whatever
 * the order in which entries arrive, and however batches for one attendee interleave, the
 * last one to commit leaves the flags the whole history gives.
 */
@Component
public class AdmissionJudge {

	// One lock per attendee, in attendee order (no two batches wait on each other in a
	// cycle). Taken in its own statement, before the read: under READ COMMITTED the read
	// takes its snapshot once the locks are granted, so it sees every movement of a batch
	// that held them before, and a batch that inserted movements but has not taken them
	// yet will judge again after this one commits.
	private static final String LOCK = """
			SELECT count(pg_advisory_xact_lock(hashtext('eventops.movements:' || s.a)))
			FROM (SELECT DISTINCT a FROM unnest(?::text[]) AS t(a) ORDER BY a) s""";

	private static final String UPDATE = """
			UPDATE reconciler.movements m SET server_verdict = t.v, server_reason = t.r, server_explanation = t.e,
			  against_rules = t.f, judged_version = t.jv
			FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::bool[], ?::int[]) AS t(k, v, r, e, f, jv)
			WHERE m.idempotency_key = t.k""";

	private final JdbcTemplate jdbc;

	private final PolicyStore policies;

	private final MovementHistory history;

	public AdmissionJudge(JdbcTemplate jdbc, PolicyStore policies) {
		this.jdbc = jdbc;
		this.policies = policies;
		this.history = new MovementHistory(jdbc);
	}

	/**
	 * Judges again every admission and refusal of the attendees and stores the verdicts
	 * that changed. Runs in the caller's READ COMMITTED transaction, after its movements
	 * are inserted; the locks are held until it commits.
	 * @param eventId the event
	 * @param timeline the event's policy versions
	 * @param ticketTypes the ticket type of each attendee ({@code null}: the policy's
	 * first)
	 * @return the number of verdicts that changed
	 */
	public int rejudge(String eventId, PolicyTimeline timeline, Map<String, String> ticketTypes) {
		if (ticketTypes.isEmpty()) {
			return 0;
		}
		Collection<String> attendees = new TreeSet<>(ticketTypes.keySet());
		this.jdbc.execute((Connection connection) -> {
			var statement = connection.prepareStatement(LOCK);
			statement.setArray(1, connection.createArrayOf("text", attendees.toArray()));
			return statement;
		}, PreparedStatement::execute);
		List<Verdict> changed = new ArrayList<>();
		this.history.of(attendees).forEach((attendee, recorded) -> {
			// An annulled admission counts nowhere (#36, invariant 13): the decision's
			// history leaves it out, whenever the annulment was captured, and it is no
			// override either.
			Set<String> annulled = recorded.stream()
				.map(MovementHistory.Recorded::movement)
				.filter((movement) -> movement.type() == MovementType.ANNUL)
				.map(Movement::annulledKey)
				.collect(Collectors.toSet());
			List<Movement> movements = recorded.stream().map(MovementHistory.Recorded::movement).toList();
			for (MovementHistory.Recorded row : recorded) {
				Movement movement = row.movement();
				if (movement.type() != MovementType.CHECK_IN && movement.type() != MovementType.REFUSED) {
					continue;
				}
				// fixed when the movement was recorded; resolved here only for a row
				// written
				// before it was (invariant 12: a version saved later never moves it)
				long version = (row.judgedVersion() != null) ? row.judgedVersion()
						: timeline.versionFor(row.policyVersion(), movement.capturedAt());
				CompiledPolicy policy = this.policies.compiled(eventId, version).orElseThrow();
				Decision decision = EntryDecider.decide(policy, new Attempt(attendee, ticketTypes.get(attendee),
						movement.areaId(), movement.capturedAt(), movement.key()), movements);
				Verdict verdict = new Verdict(movement.key(), decision.verdict().name(),
						(decision.reason() != null) ? decision.reason().name() : null, decision.explanation(),
						movement.type() == MovementType.CHECK_IN && !decision.admitted()
								&& !annulled.contains(movement.key()),
						version);
				if (!verdict.sameAs(row)) {
					changed.add(verdict);
				}
			}
		});
		if (!changed.isEmpty()) {
			store(changed);
		}
		return changed.size();
	}

	private void store(List<Verdict> verdicts) {
		List<Verdict> sorted = verdicts.stream().sorted(Comparator.comparing(Verdict::key)).toList();
		this.jdbc.execute((Connection connection) -> {
			var statement = connection.prepareStatement(UPDATE);
			statement.setArray(1, connection.createArrayOf("text", sorted.stream().map(Verdict::key).toArray()));
			statement.setArray(2, connection.createArrayOf("text", sorted.stream().map(Verdict::verdict).toArray()));
			statement.setArray(3, connection.createArrayOf("text", sorted.stream().map(Verdict::reason).toArray()));
			statement.setArray(4,
					connection.createArrayOf("text", sorted.stream().map(Verdict::explanation).toArray()));
			statement.setArray(5, connection.createArrayOf("bool", sorted.stream().map(Verdict::flagged).toArray()));
			statement.setArray(6, connection.createArrayOf("int4",
					sorted.stream().map((verdict) -> (int) verdict.version()).toArray()));
			return statement;
		}, PreparedStatement::execute);
	}

	private record Verdict(String key, String verdict, String reason, String explanation, boolean flagged,
			long version) {

		boolean sameAs(MovementHistory.Recorded row) {
			return this.verdict.equals(row.serverVerdict()) && Objects.equals(this.reason, row.serverReason())
					&& Objects.equals(this.explanation, row.serverExplanation()) && this.flagged == row.againstRules()
					&& Objects.equals(this.version, row.judgedVersion());
		}

	}

}
