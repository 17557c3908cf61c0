package io.eventops.edge.stream;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class StreamPropertiesTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(BindStreams.class);

	@Test
	void defaultsGiveEachKioskTwoSlotsAndAFiveSecondSafetyPoll() {
		this.runner.run((context) -> {
			StreamProperties properties = context.getBean(StreamProperties.class);
			assertThat(properties.perKiosk()).isEqualTo(2);
			assertThat(properties.total()).isEqualTo(2000);
			assertThat(properties.safetyPoll()).hasSeconds(5);
			assertThat(properties.retryAfter()).hasSeconds(5);
		});
	}

	@Test
	void badValuesStopStartupNamingTheProperty() {
		assertFails("eventops.edge.streams.per-kiosk=0", "eventops.edge.streams.per-kiosk");
		assertFails("eventops.edge.streams.safety-poll=10ms", "eventops.edge.streams.safety-poll");
		assertFails("eventops.edge.streams.retry-after=0s", "eventops.edge.streams.retry-after");
		assertFails("eventops.edge.streams.total=soon", "eventops.edge.streams.total");
	}

	private void assertFails(String setting, String property) {
		this.runner.withPropertyValues(setting).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(messages(context.getStartupFailure())).contains(property);
		});
	}

	@EnableConfigurationProperties(StreamProperties.class)
	static class BindStreams {

	}

	private static String messages(Throwable ex) {
		StringBuilder messages = new StringBuilder();
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			messages.append(cause.getMessage()).append('\n');
		}
		return messages.toString();
	}

}
