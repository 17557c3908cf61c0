package io.eventops.reconciler.attendee;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;

import io.eventops.reconciler.stream.ChangeKind;
import io.eventops.reconciler.access.PolicyStore;
import io.eventops.reconciler.stream.ChangeLog;
import io.eventops.reconciler.web.DomainException;
import io.eventops.reconciler.web.ReconcilerProblem;
import io.eventops.rules.policy.CompiledPolicy;
import io.eventops.web.ProblemResponses;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Imports attendees into an event as one set-based upsert; a bad row refuses the whole
 * import and changes nothing. A new import of an erased attendee (#38) brings its data
 * back: it is no longer erased.
 */
@Service
class AttendeeRegistry {

	static final Pattern EVENT_ID = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

	private static final String UPSERT = """
			INSERT INTO reconciler.attendees AS a (attendee_id, event_id, display_name, company, tier, email,
			  ticket_type)
			SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
			ORDER BY 1
			ON CONFLICT (attendee_id) DO UPDATE SET display_name = EXCLUDED.display_name,
			  company = EXCLUDED.company, tier = EXCLUDED.tier, email = EXCLUDED.email,
			  ticket_type = EXCLUDED.ticket_type, erased_at = NULL, updated_at = now()
			WHERE a.event_id = EXCLUDED.event_id
			RETURNING attendee_id, (xmax = 0) AS inserted""";

	private final JdbcTemplate jdbc;

	private final Validator validator;

	private final ChangeLog changeLog;

	private final PolicyStore policies;

	AttendeeRegistry(JdbcTemplate jdbc, Validator validator, ChangeLog changeLog, PolicyStore policies) {
		this.jdbc = jdbc;
		this.validator = validator;
		this.changeLog = changeLog;
		this.policies = policies;
	}

	@Transactional
	ImportResult importAttendees(String eventId, List<AttendeeImport> rows) {
		if (!EVENT_ID.matcher(eventId).matches()) {
			throw DomainException.invalid(ReconcilerProblem.INVALID_EVENT,
					"eventId must be 1–64 characters of [A-Za-z0-9_.-].");
		}
		validate(rows, this.policies.currentCompiled(eventId));
		this.jdbc.update("INSERT INTO reconciler.events (event_id) VALUES (?) ON CONFLICT DO NOTHING", eventId);
		if (rows.isEmpty()) {
			return new ImportResult(0, 0);
		}
		Map<String, ChangeKind> changes = new HashMap<>();
		List<Boolean> inserted = this.jdbc.query((connection) -> {
			var statement = connection.prepareStatement(UPSERT);
			statement.setArray(1,
					connection.createArrayOf("text", rows.stream().map(AttendeeImport::attendeeId).toArray()));
			statement.setArray(2, connection.createArrayOf("text", rows.stream().map((row) -> eventId).toArray()));
			statement.setArray(3,
					connection.createArrayOf("text", rows.stream().map(AttendeeImport::displayName).toArray()));
			statement.setArray(4,
					connection.createArrayOf("text", rows.stream().map(AttendeeImport::company).toArray()));
			statement.setArray(5, connection.createArrayOf("text", rows.stream().map(AttendeeImport::tier).toArray()));
			statement.setArray(6, connection.createArrayOf("text", rows.stream().map(AttendeeImport::email).toArray()));
			statement.setArray(7,
					connection.createArrayOf("text", rows.stream().map(AttendeeImport::ticketType).toArray()));
			return statement;
		}, (rs, n) -> {
			changes.put(rs.getString(1), rs.getBoolean(2) ? ChangeKind.REGISTERED : ChangeKind.UPDATED);
			return rs.getBoolean(2);
		});
		if (inserted.size() != rows.size()) {
			// the exception rolls the whole import back
			throw DomainException.conflict(ReconcilerProblem.ATTENDEE_IN_OTHER_EVENT,
					(rows.size() - inserted.size()) + " attendee ids already belong to another event.");
		}
		this.changeLog.append(eventId, changes);
		int created = (int) inserted.stream().filter(Boolean::booleanValue).count();
		return new ImportResult(created, inserted.size() - created);
	}

	// With a policy, a ticket type must be one of its current version's (absent is its
	// first); without one, a ticket type is kept for the policy to come.
	private void validate(List<AttendeeImport> rows, Optional<CompiledPolicy> policy) {
		List<ProblemResponses.FieldError> errors = new ArrayList<>();
		Set<String> seen = new HashSet<>();
		for (int i = 0; i < rows.size(); i++) {
			AttendeeImport row = rows.get(i);
			if (row == null) {
				errors.add(new ProblemResponses.FieldError("[" + i + "]", "must not be null"));
				continue;
			}
			for (ConstraintViolation<AttendeeImport> violation : this.validator.validate(row)) {
				errors.add(new ProblemResponses.FieldError("[" + i + "]." + violation.getPropertyPath(),
						violation.getMessage()));
			}
			if (row.ticketType() != null && policy.isPresent() && policy.get().ticketType(row.ticketType()).isEmpty()) {
				errors.add(new ProblemResponses.FieldError("[" + i + "].ticketType",
						"is not a ticket type of the event's policy (version " + policy.get().version() + ")"));
			}
			if (row.attendeeId() != null && !seen.add(row.attendeeId())) {
				errors.add(new ProblemResponses.FieldError("[" + i + "].attendeeId", "appears twice in this import"));
			}
		}
		if (!errors.isEmpty()) {
			throw DomainException.validation(errors);
		}
	}

	/**
	 * The counts of an import.
	 *
	 * @param created attendees new to the registry
	 * @param updated attendees that existed and were updated
	 */
	record ImportResult(int created, int updated) {
	}

}
