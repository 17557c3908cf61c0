package io.eventops.orchestrator.config;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A bad duration in {@code eventops.print.*} stops startup naming the property; the
 * rebuild grace may be zero, the other durations must be positive.
 */
class PrintPropertiesTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(BindPrint.class);

	@ParameterizedTest
	@CsvSource({ "eventops.print.probe-interval, 0s, must be a positive duration",
			"eventops.print.confirm-poll-interval, -250ms, must be a positive duration",
			"eventops.print.printed-refresh, 0ms, must be a positive duration",
			"eventops.print.rebuild-grace, -1s, must not be negative",
			"eventops.print.drop-settle-time, 0s, must be a positive duration",
			"eventops.print.drop-settle-time, 400ms, must be at least 2 confirm poll intervals" })
	void aBadDurationStopsStartupNamingTheProperty(String property, String value, String reason) {
		this.runner.withPropertyValues(property + "=" + value).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasStackTraceContaining(property).hasStackTraceContaining(reason);
		});
	}

	@ParameterizedTest
	@CsvSource({ "eventops.print.rebuild-grace, 0s", "eventops.print.probe-interval, 100ms" })
	void zeroGraceAndAShortPositiveIntervalBind(String property, String value) {
		this.runner.withPropertyValues(property + "=" + value).run((context) -> assertThat(context).hasNotFailed());
	}

	@EnableConfigurationProperties(PrintProperties.class)
	static class BindPrint {

	}

}
