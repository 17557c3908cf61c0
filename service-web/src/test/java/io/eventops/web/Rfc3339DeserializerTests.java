package io.eventops.web;

import java.time.OffsetDateTime;
import java.util.TimeZone;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class Rfc3339DeserializerTests {

	private final JsonMapper jackson = JsonMapper.builder().build();

	private final JsonMapper fast = JsonMapper.builder().addModule(Rfc3339Deserializer.module()).build();

	@Test
	void givesJacksonsValueForTheContractsForms() {
		for (String text : new String[] { "2026-11-30T09:15:02Z", "2026-11-30T09:15:02.125+01:00",
				"2026-11-30T23:59:59.999999999-05:30", "2026-11-30t09:15:02z" }) {
			assertThat(read(this.fast, text)).as(text).isEqualTo(read(this.jackson, text));
		}
	}

	@Test
	void handsOtherFormsToJackson() {
		// no seconds: not the contract's form, but Jackson reads it and so must we
		assertThat(read(this.fast, "2026-11-30T09:15+01:00")).isEqualTo(read(this.jackson, "2026-11-30T09:15+01:00"));
		assertThatExceptionOfType(JacksonException.class).isThrownBy(() -> read(this.fast, "yesterday"));
	}

	@Test
	void adjustsToTheContextZoneOnlyWhenJacksonWould() {
		JsonMapper berlin = JsonMapper.builder()
			.addModule(Rfc3339Deserializer.module())
			.defaultTimeZone(TimeZone.getTimeZone("Europe/Berlin"))
			.build();
		JsonMapper berlinJackson = JsonMapper.builder().defaultTimeZone(TimeZone.getTimeZone("Europe/Berlin")).build();
		assertThat(read(berlin, "2026-07-01T10:00:00Z")).isEqualTo(read(berlinJackson, "2026-07-01T10:00:00Z"));
		JsonMapper keep = JsonMapper.builder()
			.addModule(Rfc3339Deserializer.module())
			.disable(DateTimeFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
			.build();
		assertThat(read(keep, "2026-07-01T10:00:00+02:00").getOffset().getTotalSeconds()).isEqualTo(7200);
	}

	@Property(tries = 1000)
	void agreesWithJackson(@ForAll("timestamps") String text) {
		assertThat(read(this.fast, text)).as(text).isEqualTo(read(this.jackson, text));
	}

	@Provide
	Arbitrary<String> timestamps() {
		return Combinators
			.combine(Arbitraries.integers().between(1970, 2100), Arbitraries.integers().between(1, 12),
					Arbitraries.integers().between(1, 28), Arbitraries.integers().between(0, 23),
					Arbitraries.integers().between(0, 59), Arbitraries.integers().between(0, 59),
					Arbitraries.of("", ".5", ".125", ".000000001", ".123456789"),
					Arbitraries.of("Z", "+01:00", "-05:30", "+14:00", "-00:00"))
			.as((y, mo, d, h, mi, s, f, o) -> String.format("%04d-%02d-%02dT%02d:%02d:%02d%s%s", y, mo, d, h, mi, s, f,
					o));
	}

	private static OffsetDateTime read(JsonMapper mapper, String text) {
		return mapper.readValue("\"" + text + "\"", OffsetDateTime.class);
	}

}
