package io.eventops.agent.config;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The attendee cache's personal-data settings (#38): {@code cache-retention} and
 * {@code cache-key-file}, with their defaults, parsed and validated.
 */
class CachePrivacySettingsTests {

	@Test
	void theDefaultsAreFourteenDaysAndAKeyFileBesideTheDatabase() {
		AgentConfig config = ConfigResolver.resolve(Map.of("kiosk-id", "kiosk-07", "db", "/var/lib/kiosk/k.db"),
				Map.of());
		assertThat(config.cacheRetention()).isEqualTo(Duration.ofDays(14));
		assertThat(config.cacheKeyFile()).isEqualTo(Path.of("/var/lib/kiosk/k.db.cache.key"));
		// another database moves a default key file with it, not a chosen one
		assertThat(config.withDatabase(Path.of("/tmp/other.db")).cacheKeyFile())
			.isEqualTo(Path.of("/tmp/other.db.cache.key"));
		assertThat(config.withCacheKeyFile(Path.of("/etc/kiosk/key"))
			.withDatabase(Path.of("/tmp/other.db"))
			.cacheKeyFile()).isEqualTo(Path.of("/etc/kiosk/key"));
	}

	@Test
	void theSettingsComeFromFlagsEnvironmentOrFile() {
		AgentConfig config = ConfigResolver.resolve(Map.of("kiosk-id", "kiosk-07", "cache-retention", "3d"),
				Map.of("KIOSK_AGENT_CACHE_KEY_FILE", "/etc/kiosk/cache.key"));
		assertThat(config.cacheRetention()).isEqualTo(Duration.ofDays(3));
		assertThat(config.cacheKeyFile()).isEqualTo(Path.of("/etc/kiosk/cache.key"));
	}

	@Test
	void aBadRetentionNamesTheSetting() {
		assertThatIllegalArgumentException()
			.isThrownBy(
					() -> ConfigResolver.resolve(Map.of("kiosk-id", "kiosk-07", "cache-retention", "soon"), Map.of()))
			.withMessageContaining("--cache-retention (KIOSK_AGENT_CACHE_RETENTION)");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> AgentConfig.defaults("kiosk-07", URI.create("https://edge:8443"), "t")
				.withCacheRetention(Duration.ofMinutes(5)))
			.withMessageContaining("cache-retention must be within 1h..3650d");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> AgentConfig.defaults("kiosk-07", URI.create("https://edge:8443"), "t")
				.withCacheRetention(Duration.ofDays(3651)))
			.withMessageContaining("cache-retention");
	}

}
