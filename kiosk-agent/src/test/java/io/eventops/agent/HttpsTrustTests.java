package io.eventops.agent;

import java.nio.file.Path;

import io.eventops.agent.flush.FlushRound;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent speaks to the real edge over HTTPS only, trusting the CA file it is given and
 * nothing less.
 */
class HttpsTrustTests {

	@TempDir
	Path directory;

	@Test
	void flushesOverHttpsWhenTrustingTheEdgesCaFile() {
		EdgeFixture edge = EdgeFixture.get();
		String kioskId = EdgeFixture.newKioskId("tls");
		String token = edge.provision(kioskId);
		String attendee = edge.attendees("tls", 1).get(0);
		try (KioskAgent agent = KioskAgent.open(edge.config(kioskId, token, this.directory.resolve("k.db")))) {
			long seq = agent.checkIn(attendee).seq();
			assertThat(agent.flush().drained()).isTrue();
			assertThat(agent.outcomeOf(seq)).contains("APPLIED");
		}
	}

	@Test
	void refusesTheSelfSignedEdgeWithoutItsCaFile() {
		EdgeFixture edge = EdgeFixture.get();
		String kioskId = EdgeFixture.newKioskId("notls");
		String token = edge.provision(kioskId);
		try (KioskAgent agent = KioskAgent
			.open(edge.config(kioskId, token, this.directory.resolve("k.db")).withCaFile(null))) {
			FlushRound round = agent.flush();
			assertThat(round.result()).isEqualTo(FlushRound.Result.RETRY);
			assertThat(round.error()).contains("sync-state");
			assertThat(agent.status().lastError()).isNotNull();
		}
	}

}
