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

	@Test
	void reinstalledKioskWithAnEmptyLogContinuesTheSequenceWithoutKeyReuse(@TempDir Path directory) throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		EdgeFixture.Kiosk kiosk = edge.newKiosk("reinstall", 5);
		Path first = directory.resolve("first.db");
		try (KioskAgent agent = KioskAgent.open(edge.config(kiosk.id(), kiosk.token(), first))) {
			for (int i = 0; i < 3; i++) {
				agent.checkIn(kiosk.attendees().get(i));
			}
			assertThat(agent.flush().drained()).isTrue();
		}
		Files.delete(first);

		Path second = directory.resolve("second.db");
		try (KioskAgent agent = KioskAgent.open(edge.config(kiosk.id(), kiosk.token(), second))) {
			assertThat(agent.checkIn(kiosk.attendees().get(3)).seq()).isEqualTo(4);
			assertThat(agent.checkIn(kiosk.attendees().get(4)).seq()).isEqualTo(5);
			assertThat(agent.flush().drained()).isTrue();
			assertThat(agent.outcomeOf(4)).contains("APPLIED");
			assertThat(agent.outcomeOf(5)).contains("APPLIED");
			assertThat(agent.status().watermark()).isEqualTo(5);
		}
		assertThat(edge.rejections(kiosk.id())).doesNotContain("KEY_REUSE_MISMATCH").isEmpty();
		assertThat(edge.processed(kiosk.id())).hasSize(5).doesNotContainValue("REJECTED");
	}

}
