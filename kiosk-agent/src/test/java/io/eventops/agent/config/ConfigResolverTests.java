package io.eventops.agent.config;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Settings from flags over environment over defaults, parsed strictly.
 */
class ConfigResolverTests {

	@Test
	void flagsWinOverEnvironmentWhichWinsOverDefaults() {
		AgentConfig config = ConfigResolver.resolve(Map.of("kiosk-id", "kiosk-07", "batch-size", "50"),
				Map.of("KIOSK_AGENT_BATCH_SIZE", "100", "KIOSK_AGENT_TOKEN", "t0k", "KIOSK_AGENT_RETENTION", "2h",
						"KIOSK_AGENT_CA_FILE", "/etc/edge-cert.pem", "KIOSK_AGENT_FLUSH_AFTER_CHECKIN", "FALSE"));
		assertThat(config.batchSize()).isEqualTo(50);
		assertThat(config.token()).isEqualTo("t0k");
		assertThat(config.retention()).isEqualTo(Duration.ofHours(2));
		assertThat(config.caFile()).isEqualTo(Path.of("/etc/edge-cert.pem"));
		assertThat(config.flushAfterCheckIn()).isFalse();
		assertThat(config.edgeUrl()).isEqualTo(URI.create("https://localhost:8443"));
		assertThat(config.database()).isEqualTo(Path.of("kiosk-07.kiosk.db"));
		assertThat(config.backoff().initial()).isEqualTo(Duration.ofSeconds(2));
		assertThat(config.backoff().max()).isEqualTo(Duration.ofSeconds(60));
	}

	@Test
	void booleansAreParsedStrictly() {
		assertThat(StrictBoolean.parse("x", "true")).isTrue();
		assertThat(StrictBoolean.parse("x", "False")).isFalse();
		for (String lenient : new String[] { "yes", "1", "ture", "", "on" }) {
			assertThatIllegalArgumentException()
				.isThrownBy(() -> ConfigResolver.resolve(Map.of("kiosk-id", "kiosk-07", "flush-after-checkin", lenient),
						Map.of()))
				.withMessageContaining("--flush-after-checkin (KIOSK_AGENT_FLUSH_AFTER_CHECKIN) must be true or false");
		}
	}

	@Test
	void malformedValuesNameTheFlagAndTheVariable() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ConfigResolver.resolve(Map.of(),
					Map.of("KIOSK_AGENT_KIOSK_ID", "kiosk-07", "KIOSK_AGENT_BATCH_SIZE", "many")))
			.withMessageContaining("KIOSK_AGENT_BATCH_SIZE");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ConfigResolver.resolve(Map.of("kiosk-id", "kiosk-07", "batch-size", "501"), Map.of()))
			.withMessageContaining("1..500");
		assertThatIllegalArgumentException()
			.isThrownBy(
					() -> ConfigResolver.resolve(Map.of("kiosk-id", "kiosk-07", "edge-url", "http://edge"), Map.of()))
			.withMessageContaining("https");
		assertThatIllegalArgumentException().isThrownBy(() -> ConfigResolver.resolve(Map.of(), Map.of()))
			.withMessageContaining("--kiosk-id");
	}

	@Test
	void durationsReadAsOperatorsTypeThem() {
		assertThat(Durations.parse("d", "500ms")).isEqualTo(Duration.ofMillis(500));
		assertThat(Durations.parse("d", "30s")).isEqualTo(Duration.ofSeconds(30));
		assertThat(Durations.parse("d", "5m")).isEqualTo(Duration.ofMinutes(5));
		assertThat(Durations.parse("d", "PT1H")).isEqualTo(Duration.ofHours(1));
		assertThatIllegalArgumentException().isThrownBy(() -> Durations.parse("d", "soon"));
	}

}
