package io.eventops.edge.flush;

import java.nio.charset.StandardCharsets;

import io.eventops.web.ProblemExceptionHandler;
import io.eventops.edge.web.EdgeException;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpStatus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class FlushBodyParserTests {

	private final FlushBodyParser parser = new FlushBodyParser();

	@Test
	void keepsEachEntryAsTheExactTextReceived() {
		String first = "{ \"seq\" : 1, \"attendeeId\": \"Zoë\", \"nested\": {\"a\": [1, 2.50e1]} }";
		String second = "{\"seq\":2,\"attendeeId\":42}";
		String body = "{\"extra\": {\"entries\": 1}, \"entries\": [" + first + " ,\n" + second
				+ "], \"highestLocalSeq\": 7}";

		ParsedFlush flush = this.parser.parse(body.getBytes(StandardCharsets.UTF_8));

		assertThat(flush.highestLocalSeq()).isEqualTo(7);
		assertThat(flush.entries()).extracting(ParsedFlush.RawEntry::raw).containsExactly(first, second);
		assertThat(flush.entries()).extracting(ParsedFlush.RawEntry::seq).containsExactly(1L, 2L);
	}

	@Test
	void refusesWhatMakesTheWholeRequestUnusable() {
		assertStatus("not json", HttpStatus.BAD_REQUEST);
		assertStatus("[]", HttpStatus.BAD_REQUEST);
		assertStatus("{\"highestLocalSeq\":1}", HttpStatus.BAD_REQUEST);
		assertStatus("{\"highestLocalSeq\":1,\"entries\":{}}", HttpStatus.BAD_REQUEST);
		assertStatus("{\"highestLocalSeq\":1,\"entries\":[{\"seq\":1.5}]}", HttpStatus.BAD_REQUEST);
		assertStatus("{\"highestLocalSeq\":1,\"entries\":[{\"seq\":99999999999999999999999}]}", HttpStatus.BAD_REQUEST);
		assertStatus("{\"highestLocalSeq\":1,\"entries\":[1]}", HttpStatus.BAD_REQUEST);
		assertStatus("{\"highestLocalSeq\":-1,\"entries\":[]}", HttpStatus.BAD_REQUEST);
		assertStatus("{\"highestLocalSeq\":1,\"entries\":[]} {}", HttpStatus.BAD_REQUEST);
		assertStatus("{\"highestLocalSeq\":1,\"entries\":[]", HttpStatus.BAD_REQUEST);
		assertStatus("{\"highestLocalSeq\":1,\"entries\":[" + "[".repeat(5000) + "]}", HttpStatus.BAD_REQUEST);
		assertStatus("{\"highestLocalSeq\":1,\"entries\":[" + "{\"seq\":1},".repeat(500) + "{\"seq\":1}]}",
				HttpStatus.UNPROCESSABLE_CONTENT);
	}

	@Test
	void quarantinesHostileTextAsAStorableRendering() {
		String body = "{\"highestLocalSeq\":1,\"entries\":[{\"seq\":1,\"a\\u0000\":\"x\\u0000\\ud800y\",\"n\":1e999999}]}";
		ParsedFlush.RawEntry entry = this.parser.parse(body.getBytes(StandardCharsets.UTF_8)).entries().get(0);

		String storable = TextSafety.quarantinable(entry, tools.jackson.databind.json.JsonMapper.builder().build());

		assertThat(storable).doesNotContain("\\u0000").doesNotContain("\\ud800").contains("\"1E+999999\"");
	}

	@Test
	void aPropertyNameWithAnUnpairedSurrogateIsTheEntrysProblemNotTheBatchs() {
		// found by PoisonEntryProperties: Jackson's byte parser refused the whole body
		String hostile = "{\"seq\":2,\"\\udfff\\ud800\":1}";
		String body = "\uFEFF{\"highestLocalSeq\":2,\"entries\":[{\"seq\":1}," + hostile + "]}";

		ParsedFlush flush = this.parser.parse(body.getBytes(StandardCharsets.UTF_8));

		assertThat(flush.entries()).extracting(ParsedFlush.RawEntry::raw).containsExactly("{\"seq\":1}", hostile);
		String storable = TextSafety.quarantinable(flush.entries().get(1),
				tools.jackson.databind.json.JsonMapper.builder().build());
		assertThat(storable).isEqualTo("{\"seq\":2,\"\uFFFD\uFFFD\":1}");
	}

	@Test
	void aBodyThatIsNotUtf8IsRefusedWhole() {
		byte[] latin1 = "{\"highestLocalSeq\":1,\"entries\":[{\"seq\":1,\"a\":\"Zoë\"}]}"
			.getBytes(StandardCharsets.ISO_8859_1);

		assertThatExceptionOfType(EdgeException.class).isThrownBy(() -> this.parser.parse(latin1))
			.satisfies((ex) -> assertThat(ProblemExceptionHandler.status(ex.kind())).isEqualTo(HttpStatus.BAD_REQUEST));
	}

	private void assertStatus(String body, HttpStatus status) {
		assertThatExceptionOfType(EdgeException.class)
			.isThrownBy(() -> this.parser.parse(body.getBytes(StandardCharsets.UTF_8)))
			.satisfies((ex) -> assertThat(ProblemExceptionHandler.status(ex.kind())).as(body).isEqualTo(status));
	}

}
