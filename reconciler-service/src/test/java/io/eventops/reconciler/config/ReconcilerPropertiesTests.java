package io.eventops.reconciler.config;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A claim lease shorter than a second stops startup naming the property; a second binds.
 */
class ReconcilerPropertiesTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(BindReconciler.class);

	@Test
	void aClaimLeaseUnderASecondStopsStartupNamingTheProperty() {
		this.runner.withPropertyValues("eventops.reconciler.claim-lease-ttl=500ms").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasStackTraceContaining("eventops.reconciler.claim-lease-ttl")
				.hasStackTraceContaining("must be at least 1s");
		});
		this.runner.withPropertyValues("eventops.reconciler.claim-lease-ttl=1s")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@EnableConfigurationProperties(ReconcilerProperties.class)
	static class BindReconciler {

	}

}
