package io.eventops.edge.flush;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.TestData;
import io.eventops.model.flush.EntryBounds;
import io.eventops.model.time.Rfc3339;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.BeforeContainer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Invariant 11 through the real path (the edge over HTTPS, the reconciler, PostgreSQL and
 * Redis): a batch of good entries with poison entries among them, each poison entry for a
 * registered attendee (so that nothing but its own values keeps it from the database), is
 * answered 200, every entry gets a final outcome, every good entry is applied, and every
 * rejected entry is quarantined. jqwik runs outside the Spring test framework, so the
 * edge comes from {@link EdgeStack#sharedEdgePort()}.
 */
class PoisonEntryProperties {

	private static EdgeClient edge;

	private static JdbcTemplate jdbc;

	@BeforeContainer
	static void startEdge() {
		edge = new EdgeClient(EdgeStack.sharedEdgePort());
		jdbc = EdgeStack.jdbc();
	}

	@Property(tries = 30)
	void poisonEntriesNeverCostTheRestOfTheirBatch(@ForAll @IntRange(min = 1, max = 6) int good,
			@ForAll("poisonEntries") List<Poison> poison, @ForAll long shuffleSeed) {
		String event = TestData.unique("ev");
		String kiosk = TestData.kiosk();
		String token = edge.provision(kiosk, event);
		List<String> attendees = TestData.attendees(jdbc, event, good + poison.size());
		List<String> entries = new ArrayList<>();
		Set<Long> goodSeqs = new HashSet<>();
		long seq = 0;
		for (int i = 0; i < good; i++) {
			seq++;
			goodSeqs.add(seq);
			entries.add(TestData.entry(kiosk, seq, attendees.get(i)).node().toString());
		}
		Set<Long> mustBeRejected = new HashSet<>();
		for (int i = 0; i < poison.size(); i++) {
			seq++;
			String entry = poison.get(i).template().entry(kiosk, seq, attendees.get(good + i));
			entries.add(entry);
			if (poison.get(i).mustBeRejected()) {
				mustBeRejected.add(JsonMapper.builder().build().readTree(entry).get("seq").asLong());
			}
		}
		// the entries sent under each seq: two huge-seq poisons may share one (jqwik's
		// edge
		// cases), and each payload under a key is a rejection of its own
		java.util.Map<Long, Set<String>> sentUnder = new java.util.HashMap<>();
		for (String entry : entries) {
			sentUnder
				.computeIfAbsent(JsonMapper.builder().build().readTree(entry).get("seq").asLong(),
						(key) -> new HashSet<>())
				.add(entry);
		}
		java.util.Collections.shuffle(entries, new java.util.Random(shuffleSeed));
		String body = "{\"highestLocalSeq\":" + seq + ",\"entries\":[" + String.join(",", entries) + "]}";

		EdgeClient.Response response = edge.flush(kiosk, token, body);

		assertThat(response.status()).as(body).isEqualTo(200);
		JsonNode results = response.json().get("results");
		assertThat(results).hasSize(entries.size());
		long highest = 0;
		for (JsonNode result : results) {
			long resultSeq = result.get("seq").asLong();
			highest = Math.max(highest, resultSeq);
			String outcome = result.get("outcome").stringValue();
			if (goodSeqs.contains(resultSeq)) {
				assertThat(outcome).as(body).isEqualTo("APPLIED");
			}
			else if (mustBeRejected.contains(resultSeq)) {
				assertThat(outcome).as(body).isEqualTo("REJECTED");
			}
			else {
				assertThat(outcome).as(body).isIn("APPLIED", "REJECTED");
			}
			if ("REJECTED".equals(outcome)) {
				assertThat(jdbc.queryForObject(
						"SELECT count(*) FROM reconciler.rejections WHERE kiosk_id = ? AND idempotency_key = ?",
						Long.class, kiosk, kiosk + ":" + resultSeq))
					.as(body)
					.isEqualTo((long) sentUnder.get(resultSeq).size());
			}
		}
		assertThat(response.json().get("ackedThroughSeq").asLong()).as(body).isEqualTo(highest);
		assertThat(
				jdbc.queryForObject("SELECT count(*) FROM reconciler.check_ins WHERE source_id = ?", Long.class, kiosk))
			.as(body)
			.isGreaterThanOrEqualTo((long) good);
	}

	@Provide
	Arbitrary<List<Poison>> poisonEntries() {
		return poison().list().ofMinSize(1).ofMaxSize(4);
	}

	private static Arbitrary<Poison> poison() {
		Arbitrary<Poison> times = Combinators.combine(extremeTimes(), Arbitraries.of("both", "capturedAt", "queuedAt"))
			.as((time, which) -> new Poison(isInvalidTime(time), (kiosk, seq, attendee) -> {
				String captured = which.equals("queuedAt") ? TestData.time(now()) : time;
				String queued = which.equals("capturedAt") ? TestData.time(now()) : time;
				return entry(kiosk, seq, attendee, captured, queued, "");
			}));
		Arbitrary<Poison> seqs = Arbitraries.longs()
			.between(EntryBounds.MAX_SEQ + 1, Long.MAX_VALUE)
			.map((huge) -> new Poison(true, (kiosk, seq, attendee) -> entry(kiosk, huge, attendee, TestData.time(now()),
					TestData.time(now()), "")));
		Arbitrary<Poison> badge = Combinators.combine(Arbitraries.of("displayName", "company"), hostileStrings())
			.as((field, value) -> new Poison(isUnprintable(value), (kiosk, seq, attendee) -> entry(kiosk, seq, attendee,
					TestData.time(now()), TestData.time(now()), ",\"badge\":{\"" + field + "\":" + value + "}")));
		Arbitrary<Poison> extra = Combinators.combine(hostileStrings(), hostileValues())
			.as((name, value) -> new Poison(false, (kiosk, seq, attendee) -> entry(kiosk, seq, attendee,
					TestData.time(now()), TestData.time(now()), "," + name + ":" + value)));
		return Arbitraries.oneOf(times, seqs, badge, extra);
	}

	// RFC 3339 shapes at and beyond every bound: year 0, offsets that carry a time over a
	// bound or a year, the epoch's neighbours, the last nanosecond of 9999
	private static Arbitrary<String> extremeTimes() {
		Arbitrary<String> fixed = Arbitraries.of("0000-01-01T00:00:00Z", "0000-01-01T00:00:00+18:00",
				"0001-01-01T00:00:00+18:00", "9999-12-31T23:59:59.999999999-18:00", "1969-12-31T23:59:59.999999999Z",
				"1970-01-01T00:00:00Z", "2199-12-31T23:59:59.999999999Z", "2200-01-01T00:00:00Z",
				"2026-02-29T00:00:00Z", "2024-02-29T24:00:00Z", "2026-07-16T09:01:60Z", "2026-07-16T09:01:00+18:01",
				"2026-07-16T09:01:00.Z", "2026-07-16T09:01:00.1234567890Z");
		Arbitrary<String> random = Combinators
			.combine(Arbitraries.integers().between(0, 9999), Arbitraries.integers().between(1, 12),
					Arbitraries.integers().between(1, 31), Arbitraries.integers().between(0, 23),
					Arbitraries.integers().between(-18, 18), Arbitraries.integers().between(0, 9))
			.as((year, month, day, hour, offset, digits) -> String.format("%04d-%02d-%02dT%02d:59:59%s%s%02d:00", year,
					month, day, hour, (digits == 0) ? "" : "." + "9".repeat(digits), (offset < 0) ? "-" : "+",
					Math.abs(offset)));
		return Arbitraries.oneOf(fixed, random);
	}

	// JSON strings that text columns and jsonb refuse or that look like an attack
	private static Arbitrary<String> hostileStrings() {
		Arbitrary<String> fixed = Arbitraries.of("\"\\u0000\"", "\"a\\u0000b\"", "\"\\ud800\"", "\"\\udfff\\ud800\"",
				"\"\\ud83c\"", "\"\\u0007\"", "\"\\u202e\"", "\"" + "x".repeat(129) + "\"", "\"'; DROP TABLE x; --\"",
				"\"^XA^FS\"", "\"\"", "\"\\ud83c\\udfab\"");
		Arbitrary<String> random = Arbitraries.strings()
			.withCharRange('\u0000', '\uffff')
			.ofMaxLength(40)
			.map((text) -> {
				StringBuilder json = new StringBuilder("\"");
				text.chars().forEach((c) -> json.append(String.format("\\u%04x", c)));
				return json.append('"').toString();
			});
		return Arbitraries.oneOf(fixed, random);
	}

	// any JSON value, including numbers PostgreSQL numeric cannot hold and deep nesting
	private static Arbitrary<String> hostileValues() {
		Arbitrary<String> numbers = Arbitraries.of("1e999999", "-1e-999999", "1e1001", "1e-1001", "9".repeat(999),
				"-" + "9".repeat(999), "0." + "1".repeat(990), "1E+2147483647", "-0.0");
		Arbitrary<String> nested = Arbitraries.integers()
			.between(1, 400)
			.map((depth) -> "[".repeat(depth) + "\"\\u0000\"" + "]".repeat(depth));
		return Arbitraries.oneOf(numbers, nested, hostileStrings(), Arbitraries.of("null", "true", "{}", "[]"));
	}

	private static String entry(String kiosk, long seq, String attendee, String capturedAt, String queuedAt,
			String more) {
		return "{\"seq\":" + seq + ",\"idempotencyKey\":\"" + kiosk + ":" + seq
				+ "\",\"type\":\"CHECK_IN\",\"attendeeId\":\"" + attendee + "\",\"capturedAt\":\"" + capturedAt
				+ "\",\"queuedAt\":\"" + queuedAt + "\"" + more + "}";
	}

	private static OffsetDateTime now() {
		return OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(1);
	}

	// what the contract and EntryBounds refuse: such an entry must come back REJECTED
	private static boolean isInvalidTime(String time) {
		OffsetDateTime parsed = Rfc3339.parseOrNull(time);
		return parsed == null || parsed.toInstant().isBefore(EntryBounds.EARLIEST_TIME)
				|| !parsed.toInstant().isBefore(EntryBounds.LATEST_TIME);
	}

	private static boolean isUnprintable(String jsonString) {
		String text = JsonMapper.builder().build().readTree(jsonString).stringValue();
		return text.length() > 128 || !TextSafety.isPrintable(text);
	}

	/**
	 * One poison entry.
	 *
	 * @param mustBeRejected whether the contract or {@link EntryBounds} refuses it
	 * @param template the entry, given its kiosk, seq and a registered attendee
	 */
	record Poison(boolean mustBeRejected, Template template) {
	}

	/** Writes one poison entry's JSON. */
	@FunctionalInterface
	interface Template {

		String entry(String kiosk, long seq, String attendee);

	}

}
