package io.eventops.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A kiosk re-imaged with an empty log asks the edge's sync-state and continues its
 * sequence, so it never reuses a key of its earlier life (invariant 3).
 */
class ReinstallTests {

	@TempDir
	Path directory;

	@Test
	void reinstalledKioskWithAnEmptyLogContinuesTheSequenceWithoutKeyReuse() throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		String kioskId = EdgeFixture.newKioskId("reinstall");
		String token = edge.provision(kioskId);
		List<String> attendees = edge.attendees("reinstall", 5);
		Path first = this.directory.resolve("first.db");
		try (KioskAgent agent = KioskAgent.open(edge.config(kioskId, token, first))) {
			for (int i = 0; i < 3; i++) {
				agent.checkIn(attendees.get(i));
			}
			assertThat(agent.flush().drained()).isTrue();
		}
		Files.delete(first);

		Path second = this.directory.resolve("second.db");
		try (KioskAgent agent = KioskAgent.open(edge.config(kioskId, token, second))) {
			assertThat(agent.checkIn(attendees.get(3)).seq()).isEqualTo(4);
			assertThat(agent.checkIn(attendees.get(4)).seq()).isEqualTo(5);
			assertThat(agent.flush().drained()).isTrue();
			assertThat(agent.outcomeOf(4)).contains("APPLIED");
			assertThat(agent.outcomeOf(5)).contains("APPLIED");
			assertThat(agent.status().watermark()).isEqualTo(5);
		}
		assertThat(edge.rejections(kioskId)).doesNotContain("KEY_REUSE_MISMATCH").isEmpty();
		assertThat(edge.processed(kioskId)).hasSize(5).doesNotContainValue("REJECTED");
	}

}
