package io.eventops.edge.forward;

import io.eventops.edge.badge.PrintOrchestratorProperties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The edge's links to the reconciler and the print orchestrator refuse a duration that is
 * not positive at startup, naming the property; a positive one binds.
 */
class ReconcilerLinkPropertiesTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(BindLinks.class);

	@ParameterizedTest
	@CsvSource({ "eventops.edge.reconciler.retry-wait, 0s", "eventops.edge.reconciler.max-queue-wait, -1s",
			"eventops.edge.reconciler.connect-timeout, 0ms", "eventops.edge.print-orchestrator.read-timeout, 0s",
			"eventops.edge.print-orchestrator.retry-after, -3s" })
	void aDurationThatIsNotPositiveStopsStartupNamingTheProperty(String property, String value) {
		this.runner.withPropertyValues(property + "=" + value).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasStackTraceContaining(property)
				.hasStackTraceContaining("must be a positive duration");
		});
	}

	@ParameterizedTest
	@CsvSource({ "eventops.edge.reconciler.retry-wait, 1ms", "eventops.edge.print-orchestrator.read-timeout, 1s" })
	void aPositiveDurationBinds(String property, String value) {
		this.runner.withPropertyValues(property + "=" + value).run((context) -> assertThat(context).hasNotFailed());
	}

	@EnableConfigurationProperties({ ReconcilerLinkProperties.class, PrintOrchestratorProperties.class })
	static class BindLinks {

	}

}
