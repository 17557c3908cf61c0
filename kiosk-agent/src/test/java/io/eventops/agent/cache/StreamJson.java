package io.eventops.agent.cache;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Builds the cache stream's bodies (snapshot, changes) as docs/access-control.md spells
 * them, for tests of the cache without a server that knows policies.
 */
final class StreamJson {

	private static final JsonMapper json = JsonMapper.builder().build();

	private StreamJson() {
	}

	/** A valid policy: a badge desk, and a main hall admitting "full" once. */
	static Map<String, Object> policy(String rule) {
		Map<String, Object> hall = new LinkedHashMap<>();
		hall.put("areaId", "main-hall");
		hall.put("name", "Main hall");
		hall.put("admits", List.of("full"));
		hall.put("reentry", "ONCE");
		if (rule != null) {
			hall.put("rule", rule);
		}
		Map<String, Object> desk = Map.of("areaId", "badge-desk", "name", "Badge desk", "admits",
				List.of("full", "day"), "reentry", "ANY", "printsBadge", true);
		return Map.of("timeZone", "Europe/Berlin", "days", List.of("2026-10-24", "2026-10-25"), "ticketTypes",
				List.of(Map.of("id", "full", "name", "Full pass"),
						Map.of("id", "day", "name", "Saturday", "validDays", List.of("2026-10-24"))),
				"areas", List.of(desk, hall));
	}

	static Map<String, Object> versioned(long version, Map<String, Object> policy) {
		return Map.of("version", version, "policy", policy);
	}

	static Map<String, Object> movement(String key, String type, String areaId, String capturedAt) {
		Map<String, Object> movement = new LinkedHashMap<>();
		movement.put("key", key);
		movement.put("type", type);
		movement.put("areaId", areaId);
		movement.put("capturedAt", capturedAt);
		movement.put("annuls", null);
		return movement;
	}

	static Map<String, Object> attendee(String id, String ticketType, List<Map<String, Object>> movements) {
		Map<String, Object> attendee = new LinkedHashMap<>();
		attendee.put("attendeeId", id);
		attendee.put("displayName", "Attendee " + id);
		attendee.put("checkedIn", !movements.isEmpty());
		attendee.put("credentialVersion", 1);
		if (ticketType != null) {
			attendee.put("ticketType", ticketType);
		}
		if (movements != null) {
			attendee.put("movements", movements);
		}
		return attendee;
	}

	/** A v1 attendee: no ticket type, no movements. */
	static Map<String, Object> plainAttendee(String id) {
		return Map.of("attendeeId", id, "displayName", "Attendee " + id, "checkedIn", false, "credentialVersion", 1);
	}

	static JsonNode snapshot(long streamSeq, Map<String, Object> policy, List<Map<String, Object>> attendees) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("eventId", "ev-1");
		body.put("streamSeq", streamSeq);
		body.put("policy", policy);
		body.put("attendees", attendees);
		return json.valueToTree(body);
	}

	/** A snapshot of a server before access control: no policy field at all. */
	static JsonNode plainSnapshot(long streamSeq, List<Map<String, Object>> attendees) {
		return json.valueToTree(Map.of("eventId", "ev-1", "streamSeq", streamSeq, "attendees", attendees));
	}

	static Map<String, Object> policyChange(long streamSeq, Map<String, Object> versionedPolicy) {
		Map<String, Object> change = new LinkedHashMap<>();
		change.put("streamSeq", streamSeq);
		change.put("kind", "POLICY");
		change.put("policy", versionedPolicy);
		change.put("attendee", null);
		return change;
	}

	static Map<String, Object> updated(long streamSeq, Map<String, Object> attendee) {
		return Map.of("streamSeq", streamSeq, "kind", "UPDATED", "attendee", attendee);
	}

	static JsonNode changes(List<Map<String, Object>> changes) {
		List<Map<String, Object>> copy = new ArrayList<>(changes);
		long last = copy.isEmpty() ? 0 : ((Number) copy.get(copy.size() - 1).get("streamSeq")).longValue();
		return json.valueToTree(Map.of("changes", copy, "lastStreamSeq", last));
	}

}
