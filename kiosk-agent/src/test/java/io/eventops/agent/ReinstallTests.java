package io.eventops.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.eventops.agent.flush.FlushRound;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * A kiosk re-imaged with an empty log asks the edge's sync-state and continues its
 * sequence, so it never reuses a key of its earlier life (invariant 3); a log restored
 * from an older copy stops instead.
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

	@Test
	void aLogRestoredFromAnOlderCopyStopsInsteadOfReusingKeys(@TempDir Path directory) throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		EdgeFixture.Kiosk kiosk = edge.newKiosk("restored", 4);
		Path live = directory.resolve("kiosk.db");
		Path backup = directory.resolve("backup.db");
		try (KioskAgent agent = KioskAgent.open(edge.config(kiosk.id(), kiosk.token(), live))) {
			agent.checkIn(kiosk.attendees().get(0));
			assertThat(agent.flush().drained()).isTrue();
		}
		Files.copy(live, backup);
		try (KioskAgent agent = KioskAgent.open(edge.config(kiosk.id(), kiosk.token(), live))) {
			agent.checkIn(kiosk.attendees().get(1));
			agent.checkIn(kiosk.attendees().get(2));
			assertThat(agent.flush().drained()).isTrue();
		}

		// the kiosk's disk is restored from the copy taken after its first check-in
		try (KioskAgent agent = KioskAgent.open(edge.config(kiosk.id(), kiosk.token(), backup))) {
			FlushRound round = agent.flush();
			assertThat(round.result()).isEqualTo(FlushRound.Result.BLOCKED);
			assertThat(round.error()).contains("restored").contains("seq 1").contains("seq 3");
			assertThatIllegalStateException().isThrownBy(() -> agent.checkIn(kiosk.attendees().get(3)))
				.withMessageContaining("restored");
			assertThat(agent.status().lastSeq()).isEqualTo(1);
			assertThat(agent.status().lastError()).contains("restored");
		}
		// also after a restart without the edge: the verdict is in the log
		try (KioskAgent agent = KioskAgent.open(edge.config(kiosk.id(), kiosk.token(), backup))) {
			assertThatIllegalStateException().isThrownBy(() -> agent.checkIn(kiosk.attendees().get(3)));
		}
		assertThat(edge.rejections(kiosk.id())).isEmpty();
		assertThat(edge.processed(kiosk.id())).hasSize(3).doesNotContainValue("REJECTED");
	}

}
