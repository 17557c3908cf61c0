package io.eventops.edge.flush;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.eventops.web.ProblemExceptionHandler;
import io.eventops.edge.web.EdgeException;
import io.eventops.model.flush.EntryBounds;
import io.eventops.model.flush.FlushRequest;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A coverage-guided fuzz target (Jazzer) for the flush body parser and the per-entry
 * checks behind it: any bytes are either refused as a whole request with a 400/413/422
 * problem or parsed into entries that are each checked without an exception, whose
 * accepted values are within {@link EntryBounds}, and whose quarantine text PostgreSQL
 * can store (invariant 11). In a plain build it runs the inputs under
 * {@code FlushBodyParserFuzzTestsInputs} in seconds; with {@code JAZZER_FUZZ=1} it fuzzes
 * (see the README).
 */
class FlushBodyParserFuzzTests {

	// read as the parser reads, so that a re-rendered quarantine text reads back the same
	private static final JsonMapper json = JsonMapper.builder()
		.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
		.build();

	private final FlushBodyParser parser = new FlushBodyParser();

	private final EntryValidator validator = new EntryValidator();

	@FuzzTest(maxDuration = "2m")
	void anyBodyIsRefusedWholeOrCheckedEntryByEntry(byte[] body) {
		ParsedFlush flush;
		try {
			flush = this.parser.parse(body);
		}
		catch (EdgeException ex) {
			assertThat(ProblemExceptionHandler.status(ex.kind()).value()).isIn(400, 413, 422);
			assertThat(ex.errors()).isNotEmpty();
			return;
		}
		assertThat(flush.highestLocalSeq()).isNotNegative();
		assertThat(flush.entries()).hasSizeLessThanOrEqualTo(FlushRequest.MAX_ENTRIES);
		for (ParsedFlush.RawEntry raw : flush.entries()) {
			assertThat(raw.seq()).isPositive();
			EntryCheck check = this.validator.check("k-1", raw);
			if (check.isValid()) {
				assertThat(EntryBounds.isValidSeq(check.entry().seq())).isTrue();
				assertThat(EntryBounds.isPlausible(check.entry().capturedAt())).isTrue();
				assertThat(EntryBounds.isPlausible(check.entry().queuedAt())).isTrue();
				if (check.entry().badge() != null) {
					assertPrintable(check.entry().badge().displayName());
					assertPrintable(check.entry().badge().company());
				}
			}
			else {
				assertThat(check.invalidField()).isNotBlank();
			}
			// storable text is kept as received: the quarantine text of the quarantine
			// text is itself
			String text = TextSafety.quarantinable(raw, json);
			assertThat(TextSafety.quarantinable(new ParsedFlush.RawEntry(raw.seq(), json.readTree(text), text), json))
				.isSameAs(text);
		}
	}

	private static void assertPrintable(String text) {
		if (text != null) {
			assertThat(TextSafety.isPrintable(text)).isTrue();
		}
	}

}
