package io.eventops.agent;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.eventops.agent.config.AgentConfig;
import io.eventops.agent.flush.FlushRound;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The edge commits a flush but its answer never reaches the kiosk: the resend is a
 * replay, answered {@code DUPLICATE}, and nothing is applied twice (invariants 1 and 6).
 */
class LostResponseTests {

	@Test
	void resendAfterALostResponseIsDuplicateAndAppliedOnce(@TempDir Path directory) throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		EdgeFixture.Kiosk kiosk = edge.newKiosk("lost", 10);
		try (TlsProxy proxy = new TlsProxy(edge)) {
			AgentConfig config = new AgentConfig(kiosk.id(), proxy.url(), kiosk.token(), edge.caFile(),
					directory.resolve("kiosk.db"), 500, 4096, 900 * 1024, java.time.Duration.ofHours(1),
					java.time.Duration.ofSeconds(5), java.time.Duration.ofSeconds(30),
					edge.config(kiosk.id(), kiosk.token(), null).backoff(), java.time.Duration.ofSeconds(30), false);
			try (KioskAgent agent = KioskAgent.open(config)) {
				for (String attendee : kiosk.attendees()) {
					agent.checkIn(attendee);
				}
				proxy.dropNextResponse();
				FlushRound lost = agent.flush();
				assertThat(lost.result()).isEqualTo(FlushRound.Result.RETRY);
				assertThat(proxy.droppedResponses()).isEqualTo(1);
				assertThat(agent.status().watermark()).as("nothing heard, nothing acknowledged").isZero();
				assertThat(edge.processed(kiosk.id())).hasSize(10).containsValue("APPLIED");

				FlushRound resend = agent.flush();
				assertThat(resend.drained()).isTrue();
				assertThat(agent.status().watermark()).isEqualTo(10);
				for (long seq = 1; seq <= 10; seq++) {
					assertThat(agent.outcomeOf(seq)).contains("DUPLICATE");
				}
			}
			assertThat(proxy.forwardedSeqs()).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 1L, 2L, 3L, 4L,
					5L, 6L, 7L, 8L, 9L, 10L);
		}
		Map<Long, String> processed = edge.processed(kiosk.id());
		assertThat(processed).hasSize(10);
		assertThat(processed.values()).containsOnly("APPLIED");
		for (String attendee : kiosk.attendees()) {
			assertThat(edge.checkInRows(attendee)).isEqualTo(1);
		}
	}

}
