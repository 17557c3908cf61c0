package io.eventops.console;

import io.eventops.testsupport.CommonTestData;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A bad setting stops the console at startup and names the property.
 */
class UpstreamPropertiesTests {

	@Test
	void aBaseUrlWithAPathStopsStartupNamingTheProperty() {
		assertThatThrownBy(() -> start("--eventops.console.reconciler-url=http://127.0.0.1:8081/admin/v1"))
			.hasStackTraceContaining("eventops.console.reconciler-url")
			.hasStackTraceContaining("must be a base URL");
	}

	@Test
	void aZeroTimeoutStopsStartupNamingTheProperty() {
		assertThatThrownBy(() -> start("--eventops.console.read-timeout=0s"))
			.hasStackTraceContaining("eventops.console.read-timeout");
	}

	@Test
	void theDefaultsStart() {
		try (var context = start()) {
			assertThat(context.isRunning()).isTrue();
		}
	}

	private static org.springframework.context.ConfigurableApplicationContext start(String... extra) {
		String[] base = { "--server.port=0", "--management.server.port=0",
				"--eventops.security.ops-password=" + CommonTestData.OPS_PASSWORD,
				"--spring.autoconfigure.exclude=" + ConsoleTest.NOT_THE_CONSOLES,
				"--spring.data.redis.host=127.0.0.1" };
		String[] args = new String[base.length + extra.length];
		System.arraycopy(base, 0, args, 0, base.length);
		System.arraycopy(extra, 0, args, base.length, extra.length);
		return ConsoleApplication.builder().run(args);
	}

}
