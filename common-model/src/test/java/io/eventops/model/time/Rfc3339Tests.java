package io.eventops.model.time;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Pattern;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class Rfc3339Tests {

	// what the edge did before: the contract's pattern, then the ISO formatter
	private static final Pattern RFC_3339 = Pattern
		.compile("\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?([Zz]|[+-]\\d{2}:\\d{2})");

	private static OffsetDateTime reference(String text) {
		if (!RFC_3339.matcher(text).matches()) {
			return null;
		}
		try {
			return OffsetDateTime.parse(text.toUpperCase(Locale.ROOT), DateTimeFormatter.ISO_OFFSET_DATE_TIME);
		}
		catch (DateTimeParseException ex) {
			return null;
		}
	}

	@Test
	void parsesTheContractsForms() {
		assertThat(Rfc3339.parseOrNull("2026-11-30T09:15:02Z"))
			.isEqualTo(OffsetDateTime.of(2026, 11, 30, 9, 15, 2, 0, ZoneOffset.UTC));
		assertThat(Rfc3339.parseOrNull("2026-11-30t09:15:02.125z"))
			.isEqualTo(OffsetDateTime.of(2026, 11, 30, 9, 15, 2, 125_000_000, ZoneOffset.UTC));
		assertThat(Rfc3339.parseOrNull("2026-11-30T09:15:02.000000001-05:30"))
			.isEqualTo(OffsetDateTime.of(2026, 11, 30, 9, 15, 2, 1, ZoneOffset.ofHoursMinutes(-5, -30)));
	}

	@Test
	void refusesWhatTheContractRefuses() {
		assertThat(Rfc3339.parseOrNull("2026-11-30T09:15Z")).as("no seconds").isNull();
		assertThat(Rfc3339.parseOrNull("2026-11-30T09:15:02")).as("no offset").isNull();
		assertThat(Rfc3339.parseOrNull("2026-02-30T09:15:02Z")).as("30 February").isNull();
		assertThat(Rfc3339.parseOrNull("2026-11-30T24:00:00Z")).as("24:00").isNull();
		assertThat(Rfc3339.parseOrNull("2026-11-30T23:59:60Z")).as("leap second").isNull();
		assertThat(Rfc3339.parseOrNull("2026-11-30T09:15:02.Z")).as("empty fraction").isNull();
		assertThat(Rfc3339.parseOrNull("2026-11-30T09:15:02.1234567890Z")).as("ten digits").isNull();
		assertThat(Rfc3339.parseOrNull("2026-11-30T09:15:02+19:00")).as("offset beyond 18 h").isNull();
		assertThat(Rfc3339.parseOrNull("2026-11-30T09:15:02+0100")).as("offset without colon").isNull();
		assertThat(Rfc3339.parseOrNull("2026-11-30T09:15:02Z ")).as("trailing space").isNull();
		assertThat(Rfc3339.parseOrNull("2026-11-30T09:15:0٢Z")).as("non-ASCII digit").isNull();
		assertThat(Rfc3339.parseOrNull(null)).isNull();
	}

	@Test
	void writesMillisecondsAndTheOffsetAndReadsThemBackEqual() {
		OffsetDateTime time = OffsetDateTime.of(2026, 7, 16, 9, 1, 0, 120_456_789, ZoneOffset.ofHours(2));

		assertThat(Rfc3339.format(time)).isEqualTo("2026-07-16T09:01:00.120+02:00");
		assertThat(Rfc3339.format(time.withOffsetSameInstant(ZoneOffset.UTC))).isEqualTo("2026-07-16T07:01:00.120Z");
		assertThat(Rfc3339.parse(Rfc3339.format(time))).isEqualTo(Rfc3339.truncate(time));
	}

	@Test
	void readsAnyIsoOffsetTimeTheContractsFormDoesNotCover() {
		assertThat(Rfc3339.parse("2026-07-16T09:01+02:00"))
			.isEqualTo(OffsetDateTime.of(2026, 7, 16, 9, 1, 0, 0, ZoneOffset.ofHours(2)));
	}

	@Property(tries = 3000)
	void agreesWithThePatternAndTheIsoFormatter(@ForAll("candidates") String text) {
		assertThat(Rfc3339.parseOrNull(text)).as(text).isEqualTo(reference(text));
	}

	@Provide
	Arbitrary<String> candidates() {
		Arbitrary<String> digits2 = Arbitraries.integers().between(0, 99).map((n) -> String.format("%02d", n));
		Arbitrary<String> separator = Arbitraries.of("T", "t", " ", "x");
		Arbitrary<String> fraction = Arbitraries.oneOf(Arbitraries.just(""), Arbitraries.just("."),
				Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(11).map((d) -> "." + d));
		Arbitrary<String> offset = Arbitraries.oneOf(Arbitraries.of("Z", "z", "", "+", "-00:00", "Zz", "+1:00"),
				Combinators.combine(Arbitraries.of("+", "-"), digits2, digits2).as((s, h, m) -> s + h + ":" + m));
		Arbitrary<String> year = Arbitraries.integers().between(0, 9999).map((n) -> String.format("%04d", n));
		Arbitrary<String> wellFormed = Combinators
			.combine(year, digits2, digits2, separator, digits2, digits2, digits2, fraction)
			.as((y, mo, d, t, h, mi, s, f) -> y + "-" + mo + "-" + d + t + h + ":" + mi + ":" + s + f)
			.flatMap((head) -> offset.map((o) -> head + o));
		// and one character of a well-formed one replaced by anything
		Arbitrary<String> mutated = Combinators
			.combine(wellFormed, Arbitraries.integers().between(0, 34), Arbitraries.chars())
			.as((text, at, c) -> (at < text.length()) ? text.substring(0, at) + c + text.substring(at + 1) : text);
		return Arbitraries.oneOf(wellFormed, mutated, Arbitraries.strings().ofMaxLength(40));
	}

}
