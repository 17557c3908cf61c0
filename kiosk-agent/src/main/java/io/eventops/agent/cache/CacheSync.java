package io.eventops.agent.cache;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.eventops.agent.http.EdgeClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Keeps an {@link AttendeeCache} in step with the server: a snapshot first (or when the
 * server says the cache is too far behind, HTTP 410), then the changes after the cache's
 * position, long-polling when there are none.
 */
public final class CacheSync {

	private static final JsonMapper json = JsonMapper.builder().build();

	private static final int PAGE = 500;

	private final EdgeClient edge;

	private final AttendeeCache cache;

	public CacheSync(EdgeClient edge, AttendeeCache cache) {
		this.edge = edge;
		this.cache = cache;
	}

	/**
	 * One round of synchronisation.
	 * @param wait how long the server may hold the request when nothing is new (0–30 s)
	 * @return what the round did
	 * @throws IOException when the edge cannot be reached or refuses
	 */
	public Round syncOnce(Duration wait) throws IOException {
		long position = this.cache.streamSeq();
		if (position < 0) {
			return snapshot();
		}
		EdgeClient.Answer answer = this.edge.get(
				"/changes?after=" + position + "&limit=" + PAGE + "&waitSeconds=" + wait.toSeconds(),
				wait.plusSeconds(10));
		if (answer.status() == 410) {
			// the server no longer holds the changes after our position: start over
			return snapshot();
		}
		return applyChanges(this.cache, read(answer, "changes"));
	}

	/**
	 * Applies a page of changes, each gated by its {@code streamSeq} (invariant 10): an
	 * attendee's change replaces the attendee (with all its movements), a {@code POLICY}
	 * change the policy, an {@code ERASED} change deletes the attendee (#38).
	 * @param cache the cache
	 * @param body the changes answer
	 * @return what was applied
	 */
	static Round applyChanges(AttendeeCache cache, JsonNode body) {
		int applied = 0;
		int ignored = 0;
		List<String> erased = new ArrayList<>();
		for (JsonNode change : body.get("changes")) {
			long streamSeq = change.get("streamSeq").asLong();
			String kind = change.path("kind").asString("");
			boolean done = switch (kind) {
				case "POLICY" -> cache.applyPolicy(streamSeq, AccessJson.policy(change.get("policy")));
				// #38: the attendee's personal data was erased on the server; the cache
				// keeps nothing of the attendee
				case "ERASED" -> cache.erase(streamSeq, change.get("attendee").get("attendeeId").asString());
				default -> cache.apply(streamSeq, attendee(change.get("attendee")));
			};
			if (done && "ERASED".equals(kind)) {
				erased.add(change.get("attendee").get("attendeeId").asString());
			}
			if (done) {
				applied++;
			}
			else {
				ignored++;
			}
		}
		if (!erased.isEmpty()) {
			// once per page: an event's erasure sends one change per attendee
			cache.purgeJournal();
		}
		return new Round(false, applied, ignored, cache.streamSeq(), erased);
	}

	private Round snapshot() throws IOException {
		return applySnapshot(this.cache, read(this.edge.get("/snapshot", Duration.ofSeconds(60)), "snapshot"));
	}

	/**
	 * Replaces the cache with a snapshot: its attendees and its policy (none when the
	 * snapshot carries none: an event without access control, or an older server).
	 * @param cache the cache
	 * @param body the snapshot
	 * @return what was loaded
	 */
	static Round applySnapshot(AttendeeCache cache, JsonNode body) {
		List<CachedAttendee> attendees = new ArrayList<>();
		for (JsonNode attendee : body.get("attendees")) {
			attendees.add(attendee(attendee));
		}
		cache.replace(body.get("eventId").asString(), body.get("streamSeq").asLong(), attendees,
				AccessJson.policy(body.get("policy")));
		return new Round(true, attendees.size(), 0, cache.streamSeq(), List.of());
	}

	private static JsonNode read(EdgeClient.Answer answer, String what) throws IOException {
		if (answer.status() != 200) {
			throw new IOException(what + ": HTTP " + answer.status());
		}
		return json.readTree(answer.body());
	}

	static CachedAttendee attendee(JsonNode node) {
		String attendeeId = node.get("attendeeId").asString();
		return new CachedAttendee(attendeeId, text(node, "displayName"), text(node, "company"), text(node, "tier"),
				node.path("checkedIn").asBoolean(false), text(node, "checkedInBy"),
				node.path("credentialVersion").asInt(1), text(node, "email"), text(node, "checkedInAt"),
				text(node, "ticketType"), AccessJson.movements(attendeeId, node.get("movements")));
	}

	private static String text(JsonNode node, String field) {
		JsonNode value = node.get(field);
		return (value == null || value.isNull()) ? null : value.asString();
	}

	/**
	 * What one synchronisation round did.
	 *
	 * @param snapshot whether it (re)loaded a snapshot
	 * @param applied attendees loaded or changes applied
	 * @param ignored changes skipped as not newer than the cache (duplicates, late
	 * deliveries)
	 * @param streamSeq the cache's position afterwards
	 * @param erased the attendees an {@code ERASED} change deleted (#38)
	 */
	public record Round(boolean snapshot, int applied, int ignored, long streamSeq, List<String> erased) {

		public Round {
			erased = List.copyOf(erased);
		}

	}

}
