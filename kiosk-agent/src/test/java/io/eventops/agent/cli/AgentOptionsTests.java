package io.eventops.agent.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import io.eventops.agent.config.AgentConfig;
import io.eventops.agent.config.ConfigResolver;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The command line's flags reach the settings: every setting {@link ConfigResolver} knows
 * has its flag, and the cache's personal-data settings (#38) are parsed from theirs.
 */
class AgentOptionsTests {

	@Test
	void everySettingHasAFlag() {
		CommandLine line = new CommandLine(new Holder());
		for (String setting : ConfigResolver.SETTINGS) {
			assertThat(line.getCommandSpec().findOption("--" + setting)).as("--" + setting).isNotNull();
		}
	}

	@Test
	void theCacheFlagsSetTheCacheSettings() {
		Holder holder = parse("--kiosk-id", "kiosk-07", "--cache-retention", "3d", "--cache-key-file",
				"/etc/kiosk/cache.key");
		AgentConfig config = ConfigResolver.resolve(holder.options.flags(), Map.of());
		assertThat(config.cacheRetention()).isEqualTo(Duration.ofDays(3));
		assertThat(config.cacheKeyFile()).isEqualTo(Path.of("/etc/kiosk/cache.key"));
	}

	@Test
	void aBadCacheRetentionFlagNamesTheFlag() {
		Holder holder = parse("--kiosk-id", "kiosk-07", "--cache-retention", "soon");
		assertThatIllegalArgumentException().isThrownBy(() -> ConfigResolver.resolve(holder.options.flags(), Map.of()))
			.withMessageContaining("--cache-retention (KIOSK_AGENT_CACHE_RETENTION)");
	}

	@Test
	void theCacheFlagsWinOverTheirVariables() {
		Holder holder = parse("--kiosk-id", "kiosk-07", "--cache-retention", "2h");
		AgentConfig config = ConfigResolver.resolve(holder.options.flags(),
				Map.of("KIOSK_AGENT_CACHE_RETENTION", "30d"));
		assertThat(config.cacheRetention()).isEqualTo(Duration.ofHours(2));
	}

	private static Holder parse(String... arguments) {
		Holder holder = new Holder();
		new CommandLine(holder).parseArgs(arguments);
		return holder;
	}

	@CommandLine.Command(name = "holder")
	static final class Holder {

		@Mixin
		AgentOptions options;

	}

}
