package io.eventops.edge.rules;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

class RulePropertiesTests {

	@Test
	void falseFromTheEnvironmentSwitchesARuleOff() {
		SystemEnvironmentPropertySource environment = new SystemEnvironmentPropertySource(
				StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
				Map.of("EVENTOPS_EDGE_RULES_STALE_REPLAY_ENABLED", "false", "EVENTOPS_EDGE_RULES_DOUBLE_TAP_ENABLED",
						"FALSE", "EVENTOPS_EDGE_RULES_CLOCK_SKEW_LIMIT", "7m"));

		RuleSettings settings = new Binder(ConfigurationPropertySources.from(environment))
			.bindOrCreate("eventops.edge.rules", RuleProperties.class)
			.settings();

		assertThat(settings.staleReplay().enabled()).isFalse();
		assertThat(settings.doubleTap().enabled()).isFalse();
		assertThat(settings.clockSkew().enabled()).isTrue();
		assertThat(settings.clockSkew().limit()).hasMinutes(7);
		assertThat(settings.ratePerMinute().enabled()).isTrue();
	}

	@Test
	void defaultsAreTheContracts() {
		RuleSettings settings = new Binder(ConfigurationPropertySources.from(new SystemEnvironmentPropertySource(
				StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, Map.of())))
			.bindOrCreate("eventops.edge.rules", RuleProperties.class)
			.settings();

		// the contract's thresholds (shared/contract/API.md), every rule on
		assertThat(settings).isEqualTo(new RuleSettings(new RuleSettings.Rule(true, Duration.ofMinutes(3)),
				new RuleSettings.Rule(true, Duration.ofMinutes(5)), new RuleSettings.RateRule(true, 120),
				new RuleSettings.Rule(true, Duration.ofSeconds(5)), 1000, 10_000));
		assertThat(RuleProperties.defaults()).isEqualTo(settings);
	}

	@Test
	void badValueStopsStartupNamingTheProperty() {
		// a nested record's component is named as Spring Boot's failure analysis prints
		// it: "Property: eventops.edge.rules.clockSkew.limit" (the relaxed form)
		assertFails("eventops.edge.rules.clock-skew.limit=-5m", "'eventops.edge.rules'", "'clockSkew.limit'",
				"must be a positive duration");
		assertFails("eventops.edge.rules.stale-replay.limit=0s", "'eventops.edge.rules'", "'staleReplay.limit'",
				"must be a positive duration");
		assertFails("eventops.edge.rules.double-tap.window=soon", "eventops.edge.rules.double-tap.window");
	}

	private static void assertFails(String setting, String... named) {
		new ApplicationContextRunner().withUserConfiguration(RulesConfiguration.class, BindRules.class)
			.withPropertyValues(setting)
			.run((context) -> {
				assertThat(context).hasFailed();
				for (String text : named) {
					assertThat(context.getStartupFailure()).hasStackTraceContaining(text);
				}
			});
	}

	@EnableConfigurationProperties(RuleProperties.class)
	static class BindRules {

	}

}
