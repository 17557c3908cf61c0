package io.eventops.drills.herd;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.eventops.agent.backoff.BackoffPolicy;
import io.eventops.drills.fleet.LowPriority;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The herd's live kiosks run in a JVM of their own (issue #39): the same code's hidden
 * {@code live-lane} command, at the drill's normal priority, and any failure of it fails
 * the drill with what it said and the end of its log. With the suite, the smoke's herd
 * runs it end to end ({@code SmokeTests.smallHerdKeepsEveryInvariant}).
 */
class LiveLaneProcessTests {

	@TempDir
	Path dir;

	private LiveLaneProcess launch() throws Exception {
		LiveLane.Plan plan = LiveLane.Plan.of("t-", 2);
		return LiveLaneProcess
			.launch(this.dir,
					new LiveLaneCommand.Spec("https://127.0.0.1:1", this.dir.resolve("ca.pem").toString(),
							this.dir.resolve("kiosks").toString(), new BackoffPolicy(Duration.ofMillis(100),
									Duration.ofSeconds(2), 0.2, Duration.ofSeconds(5)),
							7, plan.attendees(), plan.pools()));
	}

	@Test
	void theChildStartsOnePrinterPerPoolAtNormalPriorityAndAnswersAnErrorWithTheDrillFailing() throws Exception {
		try (LiveLaneProcess lane = launch()) {
			JsonNode printers = lane.await("printers");
			assertThat(printers.path("printers")).hasSize(2);
			assertThat(printers.path("printers").get(0).path("name").asString()).isEqualTo("live-t-01-p");
			assertThat(printers.path("printers").get(0).path("port").asInt()).isPositive();
			if (Files.exists(Path.of("/proc/thread-self"))) {
				assertThat(niceOf(lane.pid())).as("the live kiosks' JVM's nice")
					.isEqualTo(LowPriority.niceOfThisThread());
			}
			// asked to check in before its kiosks are open: the child says why, the drill
			// fails with it
			assertThatIllegalStateException().isThrownBy(() -> lane.start("idle"))
				.withMessageContaining("The live kiosks' JVM (pid " + lane.pid() + ") failed")
				.withMessageContaining("the live kiosks are not open yet")
				.withMessageContaining("live-lane.log");
			assertThat(lane.process().waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
			assertThat(lane.process().exitValue()).isEqualTo(1);
		}
	}

	@Test
	void aChildThatDiesFailsTheDrillWithItsExitCodeAndDiesWithTheDrillsClose() throws Exception {
		LiveLaneProcess lane = launch();
		try {
			lane.await("printers");
			lane.process().destroyForcibly().waitFor();
			assertThatIllegalStateException().isThrownBy(lane::stop)
				.withMessageContaining("The live kiosks' JVM (pid " + lane.pid() + ")")
				.withMessageMatching("(?s).*(exited with code \\d+|could not be sent).*");
		}
		finally {
			lane.close();
		}
		LiveLaneProcess closed = launch();
		closed.await("printers");
		closed.close();
		assertThat(closed.process().isAlive()).as("closed with the drill").isFalse();
	}

	@Test
	void theChildIsStartedFromTheDrillsOwnJarOrClassPath() {
		List<String> command = LiveLaneProcess.command(List.of("live-lane", "--spec", "x.json"));
		assertThat(command.get(0)).endsWith("java");
		assertThat(command).endsWith("live-lane", "--spec", "x.json");
		String classPath = System.getProperty("java.class.path");
		assumeTrue(classPath.contains(java.io.File.pathSeparator), "tests run on a class path");
		assertThat(command).containsSubsequence("-cp", classPath, io.eventops.drills.Drills.class.getName());
	}

	@Test
	void whatTheChildHandsBackGivesTheLatenciesAsBefore() {
		long ms = 1_000_000;
		LiveLaneCommand.Result result = new LiveLaneCommand.Result(1,
				List.of(new LiveLane.Sample("k1", "idle", "a1", 0, 100 * ms, "APPLIED"),
						new LiveLane.Sample("k1", "herd", "a2", 1000 * ms, 400 * ms, "APPLIED")),
				Map.of("a1", 150 * ms, "a2", 1900 * ms), true, Map.of("k1", Map.of(1L, "a1", 2L, "a2")),
				Map.of("k1", Map.of(1L, "APPLIED", 2L, "APPLIED")),
				Map.of("k1", new io.eventops.agent.AgentStatus("k1", 2, 2, 0, 2, List.of(), Map.of("APPLIED", 2L), true,
						null, null, java.time.OffsetDateTime.parse("2026-12-04T18:00:00Z"), null)));
		tools.jackson.databind.json.JsonMapper json = tools.jackson.databind.json.JsonMapper.builder().build();
		LiveLaneCommand.Result back = json.readValue(json.writeValueAsString(result), LiveLaneCommand.Result.class);
		assertThat(back.recorded()).isEqualTo(result.recorded());
		assertThat(back.outcomes()).isEqualTo(result.outcomes());
		assertThat(back.statuses().get("k1").watermark()).isEqualTo(2);
		assertThat(back.statuses().get("k1").lastSuccessAt().toInstant())
			.isEqualTo(java.time.Instant.parse("2026-12-04T18:00:00Z"));
		LiveLane.LiveLatency live = back.latency();
		assertThat(live.idleP99Ms()).isEqualTo(100);
		assertThat(live.p99Ms()).isEqualTo(400);
		assertThat(live.toFormatSentP99Ms()).isEqualTo(900);
		assertThat(live.idleToFormatSentP99Ms()).isEqualTo(150);
	}

	private static int niceOf(long pid) throws java.io.IOException {
		String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
		return Integer.parseInt(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[16]);
	}

}
