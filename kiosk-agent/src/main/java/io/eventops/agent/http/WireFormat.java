package io.eventops.agent.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.Flag;
import io.eventops.model.flush.FlushEntry;
import io.eventops.model.flush.FlushResponse;
import io.eventops.model.flush.Outcome;
import io.eventops.model.flush.RejectionReason;
import io.eventops.model.time.Rfc3339;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The kiosk API's JSON exactly as the contract spells it: one entry is rendered once at
 * append, a flush body is the stored entries joined, and answers are read field by field
 * so that an unknown flag never breaks a flush.
 */
public final class WireFormat {

	private static final JsonMapper json = JsonMapper.builder().build();

	private WireFormat() {
	}

	/**
	 * One flush entry's JSON: {@code seq}, {@code idempotencyKey}, {@code type},
	 * {@code attendeeId}, {@code capturedAt}, {@code queuedAt} (RFC 3339 with offset),
	 * {@code badgePrintedLocally} and, when present, {@code badge}.
	 * @param entry the entry
	 * @return UTF-8 JSON
	 */
	public static byte[] entry(FlushEntry entry) {
		ByteArrayOutputStream out = new ByteArrayOutputStream(256);
		try (JsonGenerator generator = json.createGenerator(out)) {
			generator.writeStartObject();
			generator.writeName("seq");
			generator.writeNumber(entry.seq());
			generator.writeName("idempotencyKey");
			generator.writeString(entry.idempotencyKey());
			generator.writeName("type");
			generator.writeString(entry.type().name());
			generator.writeName("attendeeId");
			generator.writeString(entry.attendeeId());
			generator.writeName("capturedAt");
			generator.writeString(Rfc3339.format(entry.capturedAt()));
			generator.writeName("queuedAt");
			generator.writeString(Rfc3339.format(entry.queuedAt()));
			generator.writeName("badgePrintedLocally");
			generator.writeBoolean(entry.badgePrintedLocally());
			if (entry.badge() != null) {
				generator.writeName("badge");
				generator.writeStartObject();
				if (entry.badge().displayName() != null) {
					generator.writeName("displayName");
					generator.writeString(entry.badge().displayName());
				}
				if (entry.badge().company() != null) {
					generator.writeName("company");
					generator.writeString(entry.badge().company());
				}
				generator.writeEndObject();
			}
			// access control (#35): absent for an event without a policy, as in v1
			if (entry.areaId() != null) {
				generator.writeName("areaId");
				generator.writeString(entry.areaId());
			}
			if (entry.policyVersion() != null) {
				generator.writeName("policyVersion");
				generator.writeNumber(entry.policyVersion());
			}
			if (entry.kioskDecision() != null) {
				generator.writeName("kioskDecision");
				generator.writeStartObject();
				generator.writeName("decision");
				generator.writeString(entry.kioskDecision().decision().name());
				if (entry.kioskDecision().reason() != null) {
					generator.writeName("reason");
					generator.writeString(entry.kioskDecision().reason());
				}
				generator.writeEndObject();
			}
			if (entry.annuls() != null) {
				generator.writeName("annuls");
				generator.writeString(entry.annuls());
			}
			generator.writeEndObject();
		}
		return out.toByteArray();
	}

	/**
	 * A flush body from stored entry payloads, byte for byte as they were appended.
	 * @param highestLocalSeq the kiosk's highest local seq
	 * @param payloads the entries' JSON, in seq order
	 * @return the body
	 */
	public static byte[] flushBody(long highestLocalSeq, List<byte[]> payloads) {
		ByteArrayOutputStream out = new ByteArrayOutputStream(64 + payloads.size() * 256);
		out.writeBytes(("{\"highestLocalSeq\":" + highestLocalSeq + ",\"entries\":[").getBytes(StandardCharsets.UTF_8));
		for (int i = 0; i < payloads.size(); i++) {
			if (i > 0) {
				out.write(',');
			}
			out.writeBytes(payloads.get(i));
		}
		out.writeBytes("]}".getBytes(StandardCharsets.UTF_8));
		return out.toByteArray();
	}

	/**
	 * Reads a flush answer.
	 * @param body the body of a 200
	 * @return the answer
	 * @throws IllegalArgumentException when it is not the contract's shape
	 */
	public static FlushResponse flushResponse(byte[] body) {
		JsonNode root = tree(body);
		JsonNode acked = root.path("ackedThroughSeq");
		JsonNode results = root.path("results");
		if (!acked.isIntegralNumber() || !results.isArray()) {
			throw new IllegalArgumentException("a flush answer needs ackedThroughSeq and results");
		}
		List<EntryResult> parsed = new ArrayList<>();
		for (JsonNode result : results.values()) {
			parsed.add(result(result));
		}
		return new FlushResponse(root.path("kioskId").asString(null), acked.longValue(), parsed);
	}

	private static EntryResult result(JsonNode node) {
		if (!node.path("seq").isIntegralNumber()) {
			throw new IllegalArgumentException("a result needs a seq");
		}
		// an outcome this agent does not know is treated as not final: the entry is sent
		// again later rather than acknowledged on a guess
		Outcome outcome = enumValue(Outcome.class, node.path("outcome").asString(null));
		List<Flag> flags = new ArrayList<>();
		for (JsonNode flag : node.path("flags").values()) {
			Flag known = enumValue(Flag.class, flag.asString(null));
			if (known != null) {
				flags.add(known);
			}
		}
		return new EntryResult(node.path("seq").longValue(), node.path("idempotencyKey").asString(null),
				(outcome != null) ? outcome : Outcome.IN_FLIGHT,
				enumValue(RejectionReason.class, node.path("reason").asString(null)), node.path("field").asString(null),
				node.path("badgeJobId").asString(null), flags);
	}

	/**
	 * Reads a sync-state answer.
	 * @param body the body of a 200
	 * @return the state
	 */
	public static SyncState syncState(byte[] body) {
		JsonNode root = tree(body);
		return new SyncState(root.path("kioskId").asString(null), root.path("contiguousThroughSeq").asLong(0),
				root.path("highestSeenSeq").asLong(0), root.path("highestLocalSeqReported").asLong(0),
				root.path("areaId").isString() ? root.get("areaId").asString() : null,
				root.path("direction").isString() ? root.get("direction").asString() : null);
	}

	/**
	 * Reads any JSON answer as a tree (problem details, admin answers).
	 * @param body the body
	 * @return the tree
	 */
	public static JsonNode tree(byte[] body) {
		try {
			return json.readTree(body);
		}
		catch (JacksonException ex) {
			throw new IllegalArgumentException("not JSON: " + ex.getOriginalMessage());
		}
	}

	/**
	 * Renders a value as JSON (admin requests, summaries).
	 * @param value the value
	 * @return the JSON text
	 */
	public static String write(Object value) {
		return json.writeValueAsString(value);
	}

	private static <E extends Enum<E>> E enumValue(Class<E> type, String name) {
		if (name == null) {
			return null;
		}
		for (E value : type.getEnumConstants()) {
			if (value.name().equals(name)) {
				return value;
			}
		}
		return null;
	}

}
