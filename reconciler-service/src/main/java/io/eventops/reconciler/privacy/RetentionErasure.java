package io.eventops.reconciler.privacy;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collections;
import java.util.Optional;

import io.eventops.reconciler.access.PolicyStore;
import io.eventops.rules.policy.CompiledPolicy;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Erases an event's personal data once its policy's {@code personalDataRetentionDays}
 * have run out (issue #38): counted from the end of the event's last day in the policy's
 * time zone, so a retention of 0 erases when the last day ends.
 *
 * <p>
 * Exactly once across replicas and restarts by the done state in PostgreSQL,
 * {@code events.erased_at}: an event erased is never looked at again, and
 * {@link Erasures#eraseEvent} serialises erasures of an event on its row, so two runs
 * that race erase it once (the second finds it erased and changes nothing). ShedLock only
 * keeps replicas from doing the same work at once. An event without a policy, or whose
 * policy has no retention, is kept until an admin erases it.
 */
@Component
class RetentionErasure {

	static final String ERASED_BY = "retention";

	private static final Logger logger = LoggerFactory.getLogger(RetentionErasure.class);

	private static final String CANDIDATES = """
			SELECT e.event_id FROM reconciler.events e
			WHERE e.erased_at IS NULL AND EXISTS (SELECT 1 FROM reconciler.event_policies p WHERE p.event_id = e.event_id)
			ORDER BY e.event_id""";

	private final JdbcTemplate jdbc;

	private final PolicyStore policies;

	private final Erasures erasures;

	private final Clock clock;

	RetentionErasure(JdbcTemplate jdbc, PolicyStore policies, Erasures erasures, Clock clock) {
		this.jdbc = jdbc;
		this.policies = policies;
		this.erasures = erasures;
		this.clock = clock;
	}

	@Scheduled(fixedDelayString = "${eventops.reconciler.retention-erasure-check:10m}", initialDelayString = "30s")
	@SchedulerLock(name = "reconciler.retention-erasure", lockAtMostFor = "PT30M", lockAtLeastFor = "PT5S")
	void scheduled() {
		int erased = eraseDue(this.clock.instant());
		if (erased > 0) {
			logger.info("retention erased the personal data of {} events", erased);
		}
	}

	/**
	 * Erases the events whose retention ran out by an instant and that are not erased
	 * yet.
	 * @param now the instant
	 * @return the events this call erased
	 */
	int eraseDue(Instant now) {
		int erased = 0;
		for (String eventId : this.jdbc.queryForList(CANDIDATES, String.class)) {
			Optional<CompiledPolicy> policy;
			try {
				policy = this.policies.currentCompiled(eventId);
			}
			catch (RuntimeException ex) {
				// a stored policy that does not compile stops its own event's erasure
				// only
				logger.warn("retention erasure of event {} skipped: {}", eventId, ex.getMessage());
				continue;
			}
			Optional<Instant> due = policy.flatMap(RetentionErasure::dueAt);
			if (due.isEmpty() || now.isBefore(due.get())) {
				continue;
			}
			Erasure erasure = this.erasures.eraseEvent(eventId, "RETENTION",
					"personalDataRetentionDays " + policy.get().policy().personalDataRetentionDays()
							+ " after the event's last day ran out at " + due.get(),
					ERASED_BY);
			if (erasure.erased()) {
				logger.info("retention erased event {}: {}", eventId, erasure.counts());
				erased++;
			}
		}
		return erased;
	}

	/**
	 * When an event's personal data is due for erasure: the start of the day after its
	 * last day plus the retention, in the policy's zone.
	 * @param policy the event's current policy
	 * @return the instant, or empty without a retention
	 */
	static Optional<Instant> dueAt(CompiledPolicy policy) {
		Integer retention = policy.policy().personalDataRetentionDays();
		if (retention == null || policy.days().isEmpty()) {
			return Optional.empty();
		}
		LocalDate last = Collections.max(policy.days());
		return Optional.of(last.plusDays(1L + retention).atStartOfDay(policy.zone()).toInstant());
	}

}
