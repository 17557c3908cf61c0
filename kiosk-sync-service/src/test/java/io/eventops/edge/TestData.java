package io.eventops.edge;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;

import io.eventops.model.time.Rfc3339;
import io.eventops.testsupport.CommonTestData;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builders of the edge's test data (kiosk entries and flush bodies), beside the shared
 * ones; every id is unique per call, so tests sharing a database never collide.
 */
public final class TestData extends CommonTestData {

	private static final JsonMapper json = JsonMapper.builder().build();

	private TestData() {
	}

	public static String time(OffsetDateTime time) {
		return Rfc3339.format(time);
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
			node.put("capturedAt", Rfc3339.format(this.capturedAt));
			node.put("queuedAt",
					Rfc3339.format((this.queuedAt != null) ? this.queuedAt : this.capturedAt.plusNanos(120_000_000)));
			node.put("badgePrintedLocally", false);
			return node;
		}

	}

}
