package io.eventops.edge.flush;

import java.nio.charset.StandardCharsets;

import io.eventops.edge.TestData;
import io.eventops.model.flush.EntryBounds;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

class EntryValidatorTests {

	private final EntryValidator validator = new EntryValidator();

	private final FlushBodyParser parser = new FlushBodyParser();

	@Test
	void wellFormedEntryIsParsedWithItsOffsetTimes() {
		ObjectNode entry = entry();
		entry.put("capturedAt", "2026-07-16T09:01:00+02:00");
		entry.put("queuedAt", "2026-07-16t07:01:00.120z");
		entry.putObject("badge").put("displayName", "Zoë Ω 🎫").putNull("company");

		EntryCheck check = check(entry);

		assertThat(check.isValid()).isTrue();
		assertThat(check.entry().attendeeId()).isEqualTo("att_1");
		assertThat(check.entry().capturedAt().toInstant()).hasToString("2026-07-16T07:01:00Z");
		assertThat(check.entry().queuedAt().toInstant()).hasToString("2026-07-16T07:01:00.120Z");
		assertThat(check.entry().badge().displayName()).isEqualTo("Zoë Ω 🎫");
	}

	@Test
	void firstOffendingFieldIsNamed() {
		assertInvalid(entry().put("idempotencyKey", "k-other:1"), "idempotencyKey");
		assertInvalid(entry().put("idempotencyKey", 1), "idempotencyKey");
		assertInvalid(entry().put("type", "CHECK_OUT"), "type");
		assertInvalid(entry().put("attendeeId", "a b"), "attendeeId");
		assertInvalid(entry().put("attendeeId", "x".repeat(65)), "attendeeId");
		assertInvalid(entry().put("attendeeId", 42), "attendeeId");
		assertInvalid(entry().put("capturedAt", "2026-07-16T09:01:00"), "capturedAt");
		assertInvalid(entry().put("capturedAt", "2026-07-16T09:01+02:00"), "capturedAt");
		assertInvalid(entry().put("capturedAt", "2026-13-16T09:01:00Z"), "capturedAt");
		assertInvalid((ObjectNode) entry().without("queuedAt"), "queuedAt");
		assertInvalid(entry().put("queuedAt", 1_700_000_000), "queuedAt");
		assertInvalid(entry().put("badgePrintedLocally", "false"), "badgePrintedLocally");
		assertInvalid(entry().put("badge", "Ada"), "badge");
		assertInvalid(withBadge("displayName", "x".repeat(129)), "badge.displayName");
		assertInvalid(withBadge("company", "line\nbreak"), "badge.company");
		// an unpaired surrogate can only arrive escaped: a UTF-8 body cannot carry it raw
		EntryCheck surrogate = check(withBadge("company", "SURROGATE").toString().replace("SURROGATE", "\\ud800"));
		assertThat(surrogate.invalidField()).isEqualTo("badge.company");
	}

	@Test
	void timesOutsideThePlausibleRangeAndSeqsBeyondTheMaximumAreInvalid() {
		// year 0 parses as RFC 3339 but PostgreSQL refuses it (invariant 11)
		assertInvalid(entry().put("capturedAt", "0000-01-01T00:00:00Z"), "capturedAt");
		assertInvalid(entry().put("queuedAt", "0000-01-01T00:00:00Z"), "queuedAt");
		// an offset can carry a time over either bound
		assertInvalid(entry().put("capturedAt", "1970-01-01T00:00:00+00:01"), "capturedAt");
		assertInvalid(entry().put("capturedAt", "2199-12-31T23:59:59-18:00"), "capturedAt");
		assertInvalid(entry().put("queuedAt", "9999-12-31T23:59:59.999999999Z"), "queuedAt");
		assertThat(check(entry().put("capturedAt", "1970-01-01T00:00:00Z").put("queuedAt", "1970-01-01T00:00:00Z"))
			.isValid()).isTrue();
		assertThat(check(entry().put("capturedAt", "2199-12-31T23:59:59.999999999Z")).isValid()).isTrue();

		String beyond = TestData.entry("k-1", EntryBounds.MAX_SEQ + 1, "att_1").node().toString();
		assertThat(check(beyond).invalidField()).isEqualTo("seq");
		assertThat(check(TestData.entry("k-1", Long.MAX_VALUE, "att_1").node().toString()).invalidField())
			.isEqualTo("seq");
		assertThat(check(TestData.entry("k-1", EntryBounds.MAX_SEQ, "att_1").node().toString()).isValid()).isTrue();
	}

	private ObjectNode withBadge(String field, String value) {
		ObjectNode entry = entry();
		entry.putObject("badge").put(field, value);
		return entry;
	}

	private void assertInvalid(ObjectNode entry, String field) {
		EntryCheck check = check(entry);
		assertThat(check.isValid()).as(entry.toString()).isFalse();
		assertThat(check.invalidField()).as(entry.toString()).isEqualTo(field);
	}

	private EntryCheck check(ObjectNode entry) {
		return check(entry.toString());
	}

	private EntryCheck check(String entry) {
		String body = "{\"highestLocalSeq\":1,\"entries\":[" + entry + "]}";
		return this.validator.check("k-1", this.parser.parse(body.getBytes(StandardCharsets.UTF_8)).entries().get(0));
	}

	private static ObjectNode entry() {
		return TestData.entry("k-1", 1, "att_1").node();
	}

}
