package io.eventops.agent;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import io.eventops.agent.cli.KioskAgentCli;
import io.eventops.agent.config.AgentConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A skeptic's review of the area badge overrides fix (#35/#37, wt-firstrun 0cf6165),
 * against the real edge and reconciler: {@code KioskAgent.checkIn}/{@code checkInOnce} on
 * an area kiosk under its event's policy now decide the check-in as a scan, and a refusal
 * is logged as a {@code REFUSED} entry, but it comes back as a {@link CheckInReceipt}
 * ("proof that a check-in is committed") with nothing that says it was refused.
 * {@code kiosk-agent check-in} prints {@code COMMITTED <seq> <key>} for it, exactly as
 * for an admission, so whoever runs it (staff at a desk, a script) lets the person in
 * while the kiosk and the server recorded a refusal (invariant 12: one decision, the same
 * everywhere). Failed on wt-firstrun 0cf6165; wt-firstrun 576c23b makes the line name the
 * type ({@code type=REFUSED}), and the test passes with it. ({@code checkIn} and
 * {@code checkInOnce} still answer a refusal with a {@link CheckInReceipt}.)
 */
class AreaCheckInRefusalReviewTests {

	@TempDir
	Path directory;

	private final EdgeFixture edge = EdgeFixture.get();

	@Test
	void kioskAgentCheckInDoesNotReportARefusedScanAsACommittedCheckIn() throws Exception {
		String eventId = "ev-rv-" + UUID.randomUUID().toString().substring(0, 8);
		this.edge.savePolicy(eventId, EdgeFixture.onceHallPolicy());
		// the main hall admits full passes only: a day pass is refused there
		String dayPass = eventId + "_day";
		this.edge.importAttendees(eventId, Map.of(dayPass, "day"));
		String kioskId = EdgeFixture.newKioskId("rv-area");
		String token = this.edge.provision(kioskId, eventId, "main-hall", "ENTRY");
		Path database = this.directory.resolve("k.db");
		AgentConfig config = this.edge.config(kioskId, token, database).withAdmissionCheckBudget(Duration.ofSeconds(5));
		// the kiosk has its placement and policy, as a running kiosk does
		try (KioskAgent agent = KioskAgent.open(config)) {
			agent.ensureSequence();
			agent.syncCache(Duration.ZERO);
			assertThat(agent.underPolicy(false)).isTrue();
		}

		String out = cli("checkin", "--kiosk-id", kioskId, "--edge-url", this.edge.edgeUrl().toString(), "--token",
				token, "--ca-file", this.edge.caFile().toString(), "--db", database.toString(),
				"--admission-check-budget", "5s", "--display-name", "Day Pass Person", dayPass);

		// what the kiosk logged and the server recorded for it: a refusal
		try (KioskAgent agent = KioskAgent.open(config)) {
			await().atMost(Duration.ofSeconds(60)).until(() -> {
				agent.flush();
				return agent.status().pending() == 0;
			});
		}
		assertThat(this.edge.movements(kioskId)).hasSize(1);
		assertThat(this.edge.movements(kioskId).values().iterator().next().get(0)).isEqualTo("REFUSED");
		// the line must say that the kiosk refused the person, not only that something
		// was committed (before wt-firstrun 576c23b: "COMMITTED <seq> <key> queuedAt=…",
		// the line of an admission)
		assertThat(out).as("kiosk-agent checkin's output for a scan the kiosk refused").contains("REFUSED");
	}

	private static String cli(String... args) {
		PrintStream original = System.out;
		ByteArrayOutputStream captured = new ByteArrayOutputStream();
		System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
		int exit;
		try {
			exit = KioskAgentCli.execute(args);
		}
		finally {
			System.setOut(original);
		}
		String out = captured.toString(StandardCharsets.UTF_8);
		original.println("kiosk-agent check-in (exit " + exit + "): " + out);
		return out;
	}

}
