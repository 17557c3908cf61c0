package io.eventops.edge.rules;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A kiosk's time-rule flags do not depend on which edge replica serves it: two taps of
 * one attendee sent to two replicas in a row are a {@code DOUBLE_TAP}, because the
 * capture history is in Redis.
 */
@EdgeTest
class SharedCaptureHistoryTests {

	@LocalServerPort
	int port;

	@Test
	void aDoubleTapSpreadOverTwoReplicasIsFlagged() {
		EdgeClient first = new EdgeClient(this.port);
		String kiosk = TestData.kiosk();
		String event = TestData.unique("ev");
		String token = first.provision(kiosk, event);
		String attendee = TestData.attendees(EdgeStack.jdbc(), event, 1).get(0);
		OffsetDateTime tap = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(10);
		try (ConfigurableApplicationContext replica = EdgeStack.startAnotherEdge()) {
			EdgeClient second = new EdgeClient(EdgeStack.portOf(replica));
			JsonNode one = first
				.flush(kiosk, token, TestData.flush(1, TestData.entry(kiosk, 1, attendee).capturedAt(tap)))
				.json();
			JsonNode two = second
				.flush(kiosk, token,
						TestData.flush(2, TestData.entry(kiosk, 2, attendee).capturedAt(tap.plusSeconds(2))))
				.json();
			assertThat(one.get("results").get(0).path("flags").toString()).doesNotContain("DOUBLE_TAP");
			assertThat(two.get("results").get(0).path("flags").toString()).contains("DOUBLE_TAP");
		}
	}

}
