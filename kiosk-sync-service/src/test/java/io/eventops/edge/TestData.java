package io.eventops.edge;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Builders of test data; every id is unique per call, so tests sharing a database never
 * collide.
 */
public final class TestData {

	private static final JsonMapper json = JsonMapper.builder().build();

	// RFC 3339 with seconds and offset (OffsetDateTime.toString() drops zero seconds)
	private static final DateTimeFormatter RFC_3339 = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSXXX");

	private TestData() {
	}

	public static String unique(String prefix) {
		return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
	}

	/** A kiosk id that satisfies {@code [a-z0-9][a-z0-9-]{1,31}}. */
	public static String kiosk() {
		return unique("k");
	}

	/**
	 * Registers attendees straight in the reconciler's registry.
	 * @param jdbc the shared database
	 * @param eventId the event
	 * @param count how many
	 * @return their ids
	 */
	public static List<String> attendees(JdbcTemplate jdbc, String eventId, int count) {
		jdbc.update("INSERT INTO reconciler.events (event_id) VALUES (?) ON CONFLICT DO NOTHING", eventId);
		List<String> ids = new ArrayList<>();
		String prefix = unique("att").replace('-', '_');
		for (int i = 0; i < count; i++) {
			ids.add(prefix + "_" + i);
		}
		jdbc.update("""
				INSERT INTO reconciler.attendees (attendee_id, event_id, display_name, company, tier)
				SELECT id, ?, 'Name ' || id, 'ACME', 'STANDARD' FROM unnest(?::text[]) AS id""", eventId,
				ids.toArray(new String[0]));
		return ids;
	}

	public static String time(OffsetDateTime time) {
		return RFC_3339.format(time);
	}

	public static Entry entry(String kioskId, long seq, String attendeeId) {
		return new Entry(kioskId, seq, attendeeId);
	}

	/**
	 * A flush body.
	 * @param highestLocalSeq the kiosk's highest local seq
	 * @param entries the entries
	 * @return its JSON
	 */
	public static String flush(long highestLocalSeq, Entry... entries) {
		return flush(highestLocalSeq, Arrays.stream(entries).map(Entry::node).toList());
	}

	public static String flush(long highestLocalSeq, List<ObjectNode> entries) {
		ObjectNode body = json.createObjectNode();
		body.put("highestLocalSeq", highestLocalSeq);
		ArrayNode array = body.putArray("entries");
		entries.forEach(array::add);
		return body.toString();
	}

	/**
	 * Builds one kiosk entry, captured now and queued 120 ms later unless told otherwise.
	 */
	public static final class Entry {

		private final String kioskId;

		private final long seq;

		private final String attendeeId;

		private OffsetDateTime capturedAt = OffsetDateTime.now(ZoneOffset.ofHours(2)).minusSeconds(1);

		private OffsetDateTime queuedAt;

		private Entry(String kioskId, long seq, String attendeeId) {
			this.kioskId = kioskId;
			this.seq = seq;
			this.attendeeId = attendeeId;
		}

		public Entry capturedAt(OffsetDateTime capturedAt) {
			this.capturedAt = capturedAt;
			return this;
		}

		public Entry queuedAt(OffsetDateTime queuedAt) {
			this.queuedAt = queuedAt;
			return this;
		}

		public ObjectNode node() {
			ObjectNode node = json.createObjectNode();
			node.put("seq", this.seq);
			node.put("idempotencyKey", this.kioskId + ":" + this.seq);
			node.put("type", "CHECK_IN");
			node.put("attendeeId", this.attendeeId);
			node.put("capturedAt", RFC_3339.format(this.capturedAt));
			node.put("queuedAt",
					RFC_3339.format((this.queuedAt != null) ? this.queuedAt : this.capturedAt.plusNanos(120_000_000)));
			node.put("badgePrintedLocally", false);
			return node;
		}

	}

}
