package io.eventops.edge.kiosk;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The retire grace is a positive duration, 30 minutes by default; anything else stops
 * startup naming the property.
 */
class KioskTokenPropertiesTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(BindTokens.class);

	@ParameterizedTest
	@ValueSource(strings = { "0s", "-1m", "soon" })
	void aGraceThatIsNotAPositiveDurationStopsStartupNamingTheProperty(String value) {
		this.runner.withPropertyValues("eventops.edge.kiosks.retire-grace=" + value).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasStackTraceContaining("eventops.edge.kiosks.retire-grace");
		});
	}

	@Test
	void theGraceIsHalfAnHourByDefault() {
		this.runner.run((context) -> assertThat(context.getBean(KioskTokenProperties.class).retireGrace())
			.isEqualTo(Duration.ofMinutes(30)));
	}

	@EnableConfigurationProperties(KioskTokenProperties.class)
	static class BindTokens {

	}

}
