package io.eventops.edge.kiosk;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The retire and rotation graces and the rotation's max pending are positive durations,
 * 30 minutes, 10 minutes and 7 days by default; anything else stops startup naming the
 * property.
 */
class KioskTokenPropertiesTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(BindTokens.class);

	@ParameterizedTest
	@CsvSource({ "retire-grace, 0s", "retire-grace, -1m", "retire-grace, soon", "rotation-grace, 0s",
			"rotation-grace, never", "rotation-max-pending, 0s", "rotation-max-pending, -7d",
			"rotation-max-pending, forever" })
	void aGraceThatIsNotAPositiveDurationStopsStartupNamingTheProperty(String property, String value) {
		this.runner.withPropertyValues("eventops.edge.kiosks." + property + "=" + value).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasStackTraceContaining("eventops.edge.kiosks." + property);
		});
	}

	@Test
	void theGracesAreHalfAnHourAndTenMinutesByDefault() {
		this.runner.run((context) -> {
			assertThat(context.getBean(KioskTokenProperties.class).retireGrace()).isEqualTo(Duration.ofMinutes(30));
			assertThat(context.getBean(KioskTokenProperties.class).rotationGrace()).isEqualTo(Duration.ofMinutes(10));
			assertThat(context.getBean(KioskTokenProperties.class).rotationMaxPending()).isEqualTo(Duration.ofDays(7));
		});
	}

	@EnableConfigurationProperties(KioskTokenProperties.class)
	static class BindTokens {

	}

}
