package io.eventops.reconciler.access;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.eventops.reconciler.stream.ChangeKind;
import io.eventops.reconciler.stream.ChangeLog;
import io.eventops.reconciler.web.DomainException;
import io.eventops.reconciler.web.ReconcilerProblem;
import io.eventops.rules.policy.CompiledPolicy;
import io.eventops.rules.policy.EventPolicy;
import io.eventops.rules.policy.PolicyCompiler;
import io.eventops.rules.policy.PolicyProblem;
import io.eventops.web.ProblemResponses;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Saves an event's policy versions and reads them back, compiled versions through the
 * replica's cache. Every save is a new version, numbered under the event's policy lock,
 * and appends a {@code POLICY} change to the event's stream in the same transaction
 * (invariant 10).
 */
@Service
public class PolicyStore {

	private static final Pattern EVENT_ID = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

	private static final String INSERT_VERSION = """
			INSERT INTO reconciler.event_policies (event_id, version, policy, saved_by)
			SELECT ?, coalesce(max(version), 0) + 1, jsonb_set(?::jsonb, '{version}', to_jsonb(coalesce(max(version), 0) + 1)), ?
			FROM reconciler.event_policies WHERE event_id = ?
			RETURNING version, policy::text""";

	// The check-ins of contract v1 recorded before the event's first policy, one movement
	// each at the badge area: the winning record's key, source and capture time, judged
	// under version 1 (no version was in force at their capture: the first).
	private static final String BACK_FILL = """
			WITH ins AS (
			  INSERT INTO reconciler.movements (idempotency_key, event_id, attendee_id, kiosk_id, seq, type, area_id,
			    captured_at, judged_version)
			  SELECT c.idempotency_key, c.event_id, c.attendee_id, c.source_id, c.seq, 'CHECK_IN', ?, c.captured_at, ?
			  FROM reconciler.check_ins c WHERE c.event_id = ?
			  ORDER BY c.idempotency_key
			  ON CONFLICT (idempotency_key) DO NOTHING
			  RETURNING attendee_id
			)
			SELECT ins.attendee_id, a.ticket_type FROM ins JOIN reconciler.attendees a ON a.attendee_id = ins.attendee_id""";

	private final JdbcTemplate jdbc;

	private final JsonMapper json;

	private final ChangeLog changeLog;

	private final CompiledPolicies compiled;

	private final AdmissionJudge judge;

	@Autowired
	PolicyStore(JdbcTemplate jdbc, JsonMapper json, ChangeLog changeLog, PolicyProperties properties) {
		this(jdbc, json, changeLog, properties.compiledCacheSize());
	}

	/**
	 * A store wired by hand (the batch path's test harness).
	 * @param jdbc the database
	 * @param json the mapper policies are read with
	 * @param changeLog the stream a save appends to
	 * @param compiledCacheSize how many compiled versions to keep
	 */
	public PolicyStore(JdbcTemplate jdbc, JsonMapper json, ChangeLog changeLog, int compiledCacheSize) {
		this.jdbc = jdbc;
		this.json = json;
		this.changeLog = changeLog;
		this.compiled = new CompiledPolicies(compiledCacheSize);
		this.judge = new AdmissionJudge(jdbc, this);
	}

	/**
	 * Saves a new version of an event's policy; an invalid one is refused with every
	 * problem by field path, and nothing is stored.
	 * @param eventId the event
	 * @param policy the policy as ops sent it (its version is ignored)
	 * @param savedBy the principal saving it
	 * @return the new version
	 */
	@Transactional
	public long save(String eventId, EventPolicy policy, String savedBy) {
		if (!EVENT_ID.matcher(eventId).matches()) {
			throw DomainException.invalid(ReconcilerProblem.INVALID_EVENT,
					"eventId must be 1–64 characters of [A-Za-z0-9_.-].");
		}
		// numbered by the server: any version passes the check of the number itself
		List<PolicyProblem> problems = PolicyCompiler.problems(policy.withVersion(1));
		if (!problems.isEmpty()) {
			throw DomainException.validation(problems.stream()
				.map((problem) -> new ProblemResponses.FieldError(problem.field(), problem.message()))
				.toList());
		}
		this.jdbc.update("INSERT INTO reconciler.events (event_id) VALUES (?) ON CONFLICT DO NOTHING", eventId);
		// two saves of one event number one after the other: the insert's snapshot is
		// taken once the lock is granted, so it sees the version committed before it
		this.jdbc.queryForList("SELECT pg_advisory_xact_lock(hashtext('eventops.policy:' || ?))", eventId);
		String body = this.json.writeValueAsString(policy.withVersion(0));
		Saved saved = this.jdbc.queryForObject(INSERT_VERSION, (rs, n) -> new Saved(rs.getLong(1), rs.getString(2)),
				eventId, body, savedBy, eventId);
		Map<String, String> backFilled = (saved.version() == 1) ? backFill(eventId, policy) : Map.of();
		this.changeLog.appendPolicy(eventId, saved.version(), saved.policy());
		this.changeLog.append(eventId,
				backFilled.keySet()
					.stream()
					.collect(Collectors.toMap((attendee) -> attendee, (attendee) -> ChangeKind.UPDATED)));
		return saved.version();
	}

	/**
	 * The current version of an event's policy.
	 * @param eventId the event
	 * @return the newest version, or empty when the event has none
	 */
	public Optional<StoredPolicy> current(String eventId) {
		return this.jdbc
			.query("""
					SELECT version, saved_by, saved_at, policy::text FROM reconciler.event_policies
					WHERE event_id = ? ORDER BY version DESC LIMIT 1""",
					(rs, n) -> new StoredPolicy(rs.getLong(1), rs.getString(2), rs.getTimestamp(3).toInstant(),
							this.json.readTree(rs.getString(4))),
					eventId)
			.stream()
			.findFirst();
	}

	/**
	 * Every version of an event's policy, newest first.
	 * @param eventId the event
	 * @return the versions, empty when it has none
	 */
	public List<StoredPolicy.Summary> versions(String eventId) {
		return this.jdbc.query("""
				SELECT version, saved_by, saved_at FROM reconciler.event_policies
				WHERE event_id = ? ORDER BY version DESC""",
				(rs, n) -> new StoredPolicy.Summary(rs.getLong(1), rs.getString(2), rs.getTimestamp(3).toInstant()),
				eventId);
	}

	/**
	 * The version in force at each time of an event: when each version was saved.
	 * @param eventId the event
	 * @return the versions, oldest first
	 */
	public PolicyTimeline timeline(String eventId) {
		return new PolicyTimeline(this.jdbc.query("""
				SELECT version, saved_at FROM reconciler.event_policies WHERE event_id = ? ORDER BY version""",
				(rs, n) -> new PolicyTimeline.Start(rs.getLong(1), rs.getTimestamp(2).toInstant()), eventId));
	}

	/**
	 * A version compiled, from the replica's cache (versions never change).
	 * @param eventId the event
	 * @param version the version
	 * @return the compiled policy, or empty when the event has no such version
	 */
	public Optional<CompiledPolicy> compiled(String eventId, long version) {
		return this.compiled.get(eventId, version,
				() -> this.jdbc
					.query("SELECT policy::text FROM reconciler.event_policies WHERE event_id = ? AND version = ?",
							(rs, n) -> rs.getString(1), eventId, version)
					.stream()
					.findFirst()
					.map((text) -> PolicyCompiler.compile(this.json.readValue(text, EventPolicy.class))));
	}

	/**
	 * The current version of an event's policy, compiled.
	 * @param eventId the event
	 * @return the newest version, or empty when the event has none
	 */
	public Optional<CompiledPolicy> currentCompiled(String eventId) {
		Long version = this.jdbc.queryForObject("SELECT max(version) FROM reconciler.event_policies WHERE event_id = ?",
				Long.class, eventId);
		return (version != null) ? compiled(eventId, version) : Optional.empty();
	}

	// Before its first policy an event's check-ins are no movements (contract v1): made
	// part of the history in the save's transaction, judged like any admission, and sent
	// to the kiosk caches, so the judgement, the online check and an offline door all
	// count them (invariant 12). A batch that read "no policy" before this save commits
	// and appends after it is not seen here (see the report of #35's fix).
	private Map<String, String> backFill(String eventId, EventPolicy policy) {
		String badgeArea = PolicyCompiler.compile(policy.withVersion(1)).badgeArea().area().areaId();
		Map<String, String> ticketTypes = new HashMap<>();
		this.jdbc.query(BACK_FILL, (rs) -> {
			ticketTypes.put(rs.getString(1), rs.getString(2));
		}, badgeArea, 1, eventId);
		this.judge.rejudge(eventId, timeline(eventId), ticketTypes);
		return ticketTypes;
	}

	private record Saved(long version, String policy) {
	}

}
