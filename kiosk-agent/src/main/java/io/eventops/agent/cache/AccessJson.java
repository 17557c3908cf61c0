package io.eventops.agent.cache;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.eventops.model.time.Rfc3339;
import io.eventops.rules.decision.Movement;
import io.eventops.rules.decision.MovementType;
import io.eventops.rules.policy.CompiledPolicy;
import io.eventops.rules.policy.EventPolicy;
import io.eventops.rules.policy.PolicyCompiler;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads and writes the access-control parts of the cache stream as docs/access-control.md
 * spells them: a policy {@code {"version", "policy"}} and an attendee's {@code movements}
 * ({@code [{"key", "type", "areaId", "capturedAt", "annuls"}]}).
 */
final class AccessJson {

	private static final JsonMapper json = JsonMapper.builder().build();

	private static final System.Logger logger = System.getLogger(AccessJson.class.getName());

	private AccessJson() {
	}

	/**
	 * A policy of the stream, numbered with the version the server gave it (the body's
	 * own {@code version} is the server's too, but the wrapper's is the one that counts).
	 * @param node {@code {"version", "policy"}}, or a JSON null or missing node
	 * @return the policy, or {@code null} when there is none
	 */
	static CachedPolicy policy(JsonNode node) {
		if (node == null || node.isNull() || node.isMissingNode()) {
			return null;
		}
		long version = node.path("version").asLong(0);
		EventPolicy policy = json.treeToValue(node.get("policy"), EventPolicy.class).withVersion(version);
		return new CachedPolicy(version, json.writeValueAsString(policy));
	}

	/**
	 * Compiles a stored policy (its rules compiled once, PolicyCompiler).
	 * @param stored the stored policy
	 * @return the compiled policy
	 * @throws io.eventops.rules.policy.InvalidPolicyException when it is not valid
	 */
	static CompiledPolicy compile(CachedPolicy stored) {
		return PolicyCompiler.compile(json.readValue(stored.json(), EventPolicy.class).withVersion(stored.version()));
	}

	/**
	 * An attendee's movements from the stream.
	 * @param attendeeId the attendee
	 * @param node the {@code movements} array, or a missing node (an older server)
	 * @return the movements, empty when there are none
	 */
	static List<Movement> movements(String attendeeId, JsonNode node) {
		List<Movement> movements = new ArrayList<>();
		if (node == null || !node.isArray()) {
			return movements;
		}
		for (JsonNode movement : node.values()) {
			try {
				movements.add(movement(attendeeId, movement));
			}
			catch (IllegalArgumentException | NullPointerException | DateTimeException ex) {
				// one malformed movement (no area, an unknown type, a bad time) is left
				// out
				// on its own: failing here would fail the whole snapshot, every attendee
				// of
				// the event (invariant 11)
				logger.log(System.Logger.Level.WARNING, "Skipped a malformed movement {0} of attendee {1}: {2}",
						movement.path("key").asString(""), attendeeId, ex.getMessage());
			}
		}
		return movements;
	}

	private static Movement movement(String attendeeId, JsonNode movement) {
		MovementType type = MovementType.valueOf(movement.path("type").asString());
		String key = movement.path("key").isString() ? movement.get("key").asString() : null;
		String annuls = movement.path("annuls").isString() ? movement.get("annuls").asString() : null;
		String areaId = movement.path("areaId").isString() ? movement.get("areaId").asString() : null;
		Instant at = Rfc3339.parse(movement.path("capturedAt").asString()).toInstant();
		return new Movement(key, attendeeId, type, areaId, at, (type == MovementType.ANNUL) ? annuls : null);
	}

	static List<Movement> movements(String attendeeId, String text) {
		return (text == null || text.isEmpty()) ? List.of() : movements(attendeeId, json.readTree(text));
	}

	static String movementsText(List<Movement> movements) {
		if (movements.isEmpty()) {
			return null;
		}
		List<Map<String, Object>> out = new ArrayList<>();
		for (Movement movement : movements) {
			Map<String, Object> one = new LinkedHashMap<>();
			one.put("key", movement.key());
			one.put("type", movement.type().name());
			one.put("areaId", movement.areaId());
			one.put("capturedAt",
					Rfc3339.format(OffsetDateTime.ofInstant(movement.capturedAt(), java.time.ZoneOffset.UTC)));
			one.put("annuls", movement.annulledKey());
			out.add(one);
		}
		return json.writeValueAsString(out);
	}

}
