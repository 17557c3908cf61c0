package io.eventops.reconciler.checkin;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reconciler's live lane (issue #39) refuses a bad setting at startup naming the
 * property; the defaults bind, live at 20 entries as the edge's.
 */
class BatchAdmissionPropertiesTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(BindAdmission.class);

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = {
			"eventops.reconciler.admission.live-max-entries=501|eventops.reconciler.admission|must be less than or equal to 500",
			"eventops.reconciler.admission.max-queue-wait=0s|eventops.reconciler.admission|must be a positive duration",
			"eventops.reconciler.admission.backlog.max-limit=300|eventops.reconciler.admission.backlog.maxLimit|must be less than or equal to 256",
			"eventops.reconciler.admission.backlog.initial-limit=0|eventops.reconciler.admission.backlog|initial-limit (0) must lie between min-limit and max-limit" })
	void aBadSettingStopsStartupNamingTheProperty(String setting, String property, String message) {
		this.runner.withPropertyValues(setting).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasStackTraceContaining(property).hasStackTraceContaining(message);
		});
	}

	@org.junit.jupiter.api.Test
	void theDefaultsBind() {
		this.runner.run((context) -> {
			assertThat(context).hasNotFailed();
			BatchAdmissionProperties admission = context.getBean(BatchAdmissionProperties.class);
			assertThat(admission.live(20)).isTrue();
			assertThat(admission.live(21)).isFalse();
			assertThat(admission.backlog().effectiveMaxLimit()).isEqualTo(Runtime.getRuntime().availableProcessors());
		});
	}

	@EnableConfigurationProperties(BatchAdmissionProperties.class)
	static class BindAdmission {

	}

}
