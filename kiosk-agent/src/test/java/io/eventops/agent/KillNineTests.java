package io.eventops.agent;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.eventops.agent.flush.FlushRound;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A kiosk process killed with SIGKILL right after a check-in returned loses nothing: the
 * entry is on disk and flushed once after the restart.
 */
class KillNineTests {

	@Test
	void checkInCommittedBeforeSigkillIsThereAfterRestartAndFlushedOnce(@TempDir Path directory) throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		EdgeFixture.Kiosk kiosk = edge.newKiosk("kill", 1);
		Path database = directory.resolve("kiosk.db");
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		Process child = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
				CheckInThenBlock.class.getName(), kiosk.id(), edge.edgeUrl().toString(), kiosk.token(),
				edge.caFile().toString(), database.toString(), kiosk.attendees().get(0)))
			.redirectError(ProcessBuilder.Redirect.INHERIT)
			.start();
		long seq;
		try {
			BufferedReader out = new BufferedReader(
					new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
			String committed = CompletableFuture.supplyAsync(() -> committedLine(out)).get(60, TimeUnit.SECONDS);
			seq = Long.parseLong(committed.substring("COMMITTED ".length()).trim());
		}
		finally {
			child.destroyForcibly();
			assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
		}
		assertThat(child.exitValue()).as("killed by SIGKILL").isEqualTo(137);

		try (KioskAgent agent = KioskAgent.open(edge.config(kiosk.id(), kiosk.token(), database))) {
			assertThat(agent.status().lastSeq()).isEqualTo(seq);
			assertThat(agent.status().pending()).isEqualTo(1);
			FlushRound round = agent.flush();
			assertThat(round.drained()).isTrue();
			assertThat(round.requests()).isEqualTo(1);
			assertThat(agent.outcomeOf(seq)).contains("APPLIED");
			assertThat(agent.flush().requests()).as("nothing left to send").isZero();
			assertThat(agent.status().watermark()).isEqualTo(seq);
		}
		assertThat(edge.processed(kiosk.id())).containsExactly(Map.entry(seq, "APPLIED"));
		assertThat(edge.checkInRows(kiosk.attendees().get(0))).isEqualTo(1);
	}

	private static String committedLine(BufferedReader out) {
		try {
			String line;
			while ((line = out.readLine()) != null) {
				if (line.startsWith("COMMITTED ")) {
					return line;
				}
			}
			throw new IllegalStateException("the child ended without committing");
		}
		catch (java.io.IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
