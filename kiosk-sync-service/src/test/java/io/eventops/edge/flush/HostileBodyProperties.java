package io.eventops.edge.flush;

import java.util.List;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.TestData;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.BeforeContainer;

import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Malformed and hostile flush bodies never make the edge fail (5xx) and never store
 * anything; hostile entries that keep a valid seq are checked and quarantined one by one.
 * jqwik runs outside the Spring test framework, so the edge comes from
 * {@link EdgeStack#sharedEdgePort()}.
 */
class HostileBodyProperties {

	private static EdgeClient edge;

	private static JdbcTemplate jdbc;

	// a few kiosks in turn, so that no one of them runs into its request rate
	private static final List<String> kiosks = new java.util.ArrayList<>();

	private static final List<String> tokens = new java.util.ArrayList<>();

	private static int turn;

	@BeforeContainer
	static void startEdge() {
		edge = new EdgeClient(EdgeStack.sharedEdgePort());
		jdbc = EdgeStack.jdbc();
		for (int i = 0; i < 5; i++) {
			String kiosk = TestData.kiosk();
			kiosks.add(kiosk);
			tokens.add(edge.provision(kiosk, TestData.unique("ev")));
		}
	}

	@Property(tries = 100)
	void malformedBodiesAreRefusedWholeAndStoreNothing(@ForAll("malformedBodies") String body) {
		int index = turn++ % kiosks.size();
		String kiosk = kiosks.get(index);

		EdgeClient.Response response = edge.flush(kiosk, tokens.get(index), body);

		assertThat(response.status()).as(body).isIn(400, 413, 422);
		assertThat(response.isProblem()).as(body).isTrue();
		assertThat(
				jdbc.queryForObject("SELECT count(*) FROM reconciler.rejections WHERE kiosk_id = ?", Long.class, kiosk))
			.isZero();
		assertThat(jdbc.queryForObject("SELECT count(*) FROM reconciler.processed_entries WHERE source_id = ?",
				Long.class, kiosk))
			.isZero();
		assertThat(jdbc.queryForObject("SELECT last_seen_at IS NULL FROM edge.kiosks WHERE kiosk_id = ?", Boolean.class,
				kiosk))
			.isTrue();
	}

	@Property(tries = 40)
	void hostileEntriesWithAValidSeqAreCheckedOneByOne(@ForAll("hostileEntries") String entry) {
		String kiosk = TestData.kiosk();
		String token = edge.provision(kiosk, TestData.unique("ev"));
		String body = "{\"highestLocalSeq\":2,\"entries\":[{\"seq\":1," + entry.replace("KIOSK", kiosk)
				+ "},{\"seq\":2," + entry.replace("KIOSK:1", kiosk + ":2").replace("KIOSK", kiosk) + "}]}";

		EdgeClient.Response response = edge.flush(kiosk, token, body);

		assertThat(response.status()).as(body).isEqualTo(200);
		assertThat(response.json().get("results"))
			.allSatisfy((result) -> assertThat(result.get("outcome").stringValue()).as(body).isEqualTo("REJECTED"));
		assertThat(response.json().get("ackedThroughSeq").asLong()).isEqualTo(2);
	}

	@Provide
	Arbitrary<String> malformedBodies() {
		Arbitrary<String> hostile = hostileValues();
		Arbitrary<String> badSeq = Arbitraries.of("\"1\"", "0", "-1", "1.5", "1e3", "null", "true", "[]", "{}",
				"99999999999999999999999999", "\"' OR 1=1 --\"");
		Arbitrary<String> badEntryWithHostileFields = Combinators.combine(badSeq, hostile)
			.as((seq, value) -> "{\"highestLocalSeq\":1,\"entries\":[{\"seq\":1,\"idempotencyKey\":" + value
					+ "},{\"seq\":" + seq + ",\"attendeeId\":" + value + "}]}");
		Arbitrary<String> deep = Arbitraries.integers()
			.between(600, 3000)
			.map((depth) -> "{\"highestLocalSeq\":1,\"entries\":[{\"seq\":1,\"x\":" + "[".repeat(depth)
					+ "]".repeat(depth) + "},{\"seq\":\"2\"}]}");
		Arbitrary<String> structural = Arbitraries.of("", "null", "[]", "\"entries\"", "{", "{\"entries\":null}",
				"{\"entries\":[],\"highestLocalSeq\":\"1\"}", "{\"entries\":\"[]\",\"highestLocalSeq\":1}",
				"{\"highestLocalSeq\":1,\"entries\":[1,2,3]}", "{\"highestLocalSeq\":1e400,\"entries\":[]}",
				"{\"highestLocalSeq\":1,\"entries\":[]}{}", "{\"highestLocalSeq\":1,\"entries\":[{\"seq\":1}",
				"\u0000\u0001", "{\"highestLocalSeq\":1,\"entries\":[{\"seq\":1,\"a\":\"\u0001\"}]}", "<flush/>");
		Arbitrary<String> garbage = Arbitraries.strings().ofMaxLength(200);
		return Arbitraries.oneOf(badEntryWithHostileFields, deep, structural, garbage);
	}

	@Provide
	Arbitrary<String> hostileEntries() {
		Arbitrary<String> hostile = hostileValues();
		Arbitrary<String> field = Arbitraries.of("idempotencyKey", "type", "attendeeId", "capturedAt", "queuedAt",
				"badgePrintedLocally", "badge");
		return Combinators.combine(field, hostile).as((name, value) -> {
			String valid = "\"idempotencyKey\":\"KIOSK:1\",\"type\":\"CHECK_IN\",\"attendeeId\":\"unknown_att\","
					+ "\"capturedAt\":\"" + TestData.time(java.time.OffsetDateTime.now()) + "\",\"queuedAt\":\""
					+ TestData.time(java.time.OffsetDateTime.now()) + "\"";
			String hostileField = "\"" + name + "\":" + value;
			// the hostile value replaces the field if it is there, else it is added
			return valid.contains("\"" + name + "\"") ? valid.replaceFirst("\"" + name + "\":(\"[^\"]*\")",
					java.util.regex.Matcher.quoteReplacement(hostileField)) : valid + "," + hostileField;
		});
	}

	// every value is valid JSON, so that only the entry, never the body, is malformed
	private static Arbitrary<String> hostileValues() {
		List<String> fixed = List.of("\"'; DROP TABLE edge.kiosks; --\"", "\"<script>alert(1)</script>\"",
				"\"\\u0000\"", "\"a\\u0000b\"", "\"\\ud800\"", "\"\\udfff\\ud800\"", "\"^XA^FDx^FS^XZ\"",
				"\"${jndi:ldap://x/a}\"", "\"\\u202e\\u0007\"", "1e999999", "-1e-999999",
				"123456789012345678901234567890", "null", "true", "{}", "[]", "{\"displayName\":1}",
				"{\"displayName\":\"\\u0001\"}", "{\"company\":\"" + "x".repeat(129) + "\"}",
				"\"" + "y".repeat(5000) + "\"");
		Arbitrary<String> random = Arbitraries.strings()
			.withCharRange('\u0020', '\uffff')
			.ofMaxLength(80)
			.map((text) -> tools.jackson.databind.json.JsonMapper.builder().build().writeValueAsString(text));
		return Arbitraries.oneOf(Arbitraries.of(fixed), random);
	}

}
