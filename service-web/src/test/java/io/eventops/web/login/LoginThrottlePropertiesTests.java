package io.eventops.web.login;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The login throttle's limits bind with their defaults, and a bad value stops startup
 * naming the property.
 */
class LoginThrottlePropertiesTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(BindThrottle.class);

	@Test
	void defaultsAllowTenFailuresPerUserAtAnAddressAndFiftyPerUser() {
		this.runner.run((context) -> {
			LoginThrottleProperties properties = context.getBean(LoginThrottleProperties.class);
			assertThat(properties.maxFailures()).isEqualTo(10);
			assertThat(properties.maxFailuresPerUser()).isEqualTo(50);
			assertThat(properties.window()).hasMinutes(5);
		});
	}

	@Test
	void aPerUserLimitAsLargeAsThePerAddressOneIsAccepted() {
		this.runner
			.withPropertyValues("eventops.security.login-throttle.max-failures=20",
					"eventops.security.login-throttle.max-failures-per-user=20")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void badValuesStopStartupNamingTheProperty() {
		assertFails("eventops.security.login-throttle.max-failures-per-user=0",
				"eventops.security.login-throttle.max-failures-per-user");
		assertFails("eventops.security.login-throttle.max-failures-per-user=-5",
				"eventops.security.login-throttle.max-failures-per-user");
		assertFails("eventops.security.login-throttle.max-failures-per-user=many",
				"eventops.security.login-throttle.max-failures-per-user");
		// below the per-(user, address) limit: the user would be refused everywhere
		// before it is refused at the one address
		assertFails("eventops.security.login-throttle.max-failures-per-user=9",
				"eventops.security.login-throttle.max-failures-per-user");
		assertFails("eventops.security.login-throttle.max-failures=0", "eventops.security.login-throttle.max-failures");
		assertFails("eventops.security.login-throttle.window=0s", "eventops.security.login-throttle.window");
	}

	private void assertFails(String setting, String property) {
		this.runner.withPropertyValues(setting).run((context) -> {
			assertThat(context).as(setting).hasFailed();
			assertThat(messages(context.getStartupFailure())).as(setting).contains(property);
		});
	}

	private static String messages(Throwable ex) {
		StringBuilder messages = new StringBuilder();
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			messages.append(cause.getMessage()).append('\n');
		}
		return messages.toString();
	}

	@EnableConfigurationProperties(LoginThrottleProperties.class)
	static class BindThrottle {

	}

}
