package io.eventops.edge.flush;

import io.eventops.edge.forward.ReconcilerLinkProperties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The edge's admission lanes (issue #39) refuse a bad limit at startup naming the
 * property; good ones bind, and the default bounds each lane by the cores.
 */
class AdmissionLanePropertiesTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(BindLanes.class);

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = {
			"eventops.edge.flush.backlog-checks.max-limit=-1|eventops.edge.flush.backlogChecks.maxLimit|must be greater than or equal to 0",
			"eventops.edge.flush.backlog-checks.min-limit=0|eventops.edge.flush.backlogChecks.minLimit|must be greater than or equal to 1",
			"eventops.edge.reconciler.backlog.initial-limit=300|eventops.edge.reconciler.backlog.initialLimit|must be less than or equal to 256",
			"eventops.edge.reconciler.backlog.latency-target=0s|eventops.edge.reconciler.backlog.latencyTarget|must be a positive duration" })
	void aLimitOutOfBoundsStopsStartupNamingTheProperty(String setting, String property, String message) {
		// a nested property is named in its Java form in Spring's binding error
		this.runner.withPropertyValues(setting).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasStackTraceContaining(property).hasStackTraceContaining(message);
		});
	}

	@Test
	void aMinAboveTheMaxStopsStartupNamingTheLane() {
		this.runner
			.withPropertyValues("eventops.edge.flush.backlog-checks.min-limit=4",
					"eventops.edge.flush.backlog-checks.max-limit=2")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).hasStackTraceContaining("eventops.edge.flush.backlog-checks")
					.hasStackTraceContaining("min-limit (4) must not exceed max-limit (2)");
			});
	}

	@Test
	void theDefaultsBindAndStayBelowTheCores() {
		this.runner.withPropertyValues("eventops.edge.reconciler.backlog.max-limit=3").run((context) -> {
			assertThat(context).hasNotFailed();
			FlushProperties flush = context.getBean(FlushProperties.class);
			assertThat(flush.backlogChecks().adaptive()).isTrue();
			assertThat(flush.backlogChecks().effectiveMaxLimit()).isEqualTo(Runtime.getRuntime().availableProcessors());
			assertThat(context.getBean(ReconcilerLinkProperties.class).backlog().effectiveMaxLimit()).isEqualTo(3);
		});
	}

	@EnableConfigurationProperties({ FlushProperties.class, ReconcilerLinkProperties.class })
	static class BindLanes {

	}

}
