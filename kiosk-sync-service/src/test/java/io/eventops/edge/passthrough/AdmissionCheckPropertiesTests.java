package io.eventops.edge.passthrough;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The admission check's budget is typed and validated at startup: 300 ms unless set, a
 * duration that is not positive or longer than a person waits at a door stops startup
 * naming the property.
 */
class AdmissionCheckPropertiesTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(BindAdmissionCheck.class);

	@Test
	void theBudgetIsThreeHundredMillisecondsUnlessSet() {
		this.runner.run((context) -> assertThat(context.getBean(AdmissionCheckProperties.class).timeout())
			.isEqualTo(Duration.ofMillis(300)));
		this.runner.withPropertyValues("eventops.edge.admission-check.timeout=150ms")
			.run((context) -> assertThat(context.getBean(AdmissionCheckProperties.class).timeout())
				.isEqualTo(Duration.ofMillis(150)));
	}

	@ParameterizedTest
	@CsvSource({ "eventops.edge.admission-check.timeout, 0ms, must be a positive duration",
			"eventops.edge.admission-check.retry-after, -1s, must be a positive duration",
			"eventops.edge.admission-check.timeout, 1m, must be at most 10s",
			"eventops.edge.admission-check.timeout, soon, timeout" })
	void aBadValueStopsStartupNamingTheProperty(String property, String value, String message) {
		this.runner.withPropertyValues(property + "=" + value).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure())
				.hasStackTraceContaining(property.substring(property.lastIndexOf('.') + 1))
				.hasStackTraceContaining(message);
		});
	}

	@EnableConfigurationProperties(AdmissionCheckProperties.class)
	static class BindAdmissionCheck {

	}

}
