package io.eventops.agent;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.eventops.agent.admission.Admission;
import io.eventops.agent.config.AgentConfig;
import io.eventops.model.flush.BadgeOverrides;
import io.eventops.model.flush.EntryType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A kiosk of an area under its event's policy (#35) that records a check-in with badge
 * overrides typed at the kiosk ({@code kiosk-agent check-in --display-name …}, the fleet
 * simulator): the entry used to go out without its {@code areaId}, and the edge, which
 * takes an area kiosk's entries only with the kiosk's own area, answered
 * {@code INVALID_ENTRY} (invariant 11: rejected on its own, the check-in and its badge
 * text lost to the quarantine). On the real edge and reconciler: the check-in is decided
 * by the kiosk under the policy like any scan, reaches the server with its area, policy
 * version and decision, and the badge text with it (invariants 10, 12).
 */
class AreaBadgeOverridesTests {

	@TempDir
	Path directory;

	private final EdgeFixture edge = EdgeFixture.get();

	@Test
	void anAreaKioskUnderAPolicySendsBadgeOverridesWithItsArea() throws Exception {
		String eventId = "ev-bo-" + UUID.randomUUID().toString().substring(0, 8);
		long version = this.edge.savePolicy(eventId, EdgeFixture.onceHallPolicy());
		String typed = eventId + "_1";
		String scanned = eventId + "_2";
		this.edge.importAttendees(eventId, Map.of(typed, "full", scanned, "full"));
		String kioskId = EdgeFixture.newKioskId("bo-area");
		String token = this.edge.provision(kioskId, eventId, "main-hall", "ENTRY");
		AgentConfig config = this.edge.config(kioskId, token, this.directory.resolve("k.db"))
			.withAdmissionCheckBudget(Duration.ofSeconds(5));
		try (KioskAgent agent = KioskAgent.open(config)) {
			agent.ensureSequence();
			agent.syncCache(Duration.ZERO);
			assertThat(agent.underPolicy(false)).isTrue();

			// what kiosk-agent check-in --display-name --company records
			CheckInReceipt receipt = agent
				.checkInOnce(new CheckIn(typed, null, false, new BadgeOverrides("Ada Kiosk", "Kiosk Corp")))
				.orElseThrow();
			// and a scan with overrides through the policy's own path
			Admission admitted = agent
				.pass(new CheckIn(scanned, null, false, new BadgeOverrides("Grace Kiosk", null)), false)
				.orElseThrow();
			assertThat(admitted.type()).isEqualTo(EntryType.CHECK_IN);
			await().atMost(Duration.ofSeconds(60)).until(() -> {
				agent.flush();
				return agent.status().pending() == 0;
			});
			assertThat(agent.outcomeOf(receipt.seq())).contains("APPLIED");
			assertThat(agent.outcomeOf(admitted.seq())).contains("APPLIED");
		}
		assertThat(this.edge.rejections(kioskId)).isEmpty();
		String v = Long.toString(version);
		assertThat(this.edge.movements(kioskId)).containsExactly(
				Map.entry(1L, Arrays.asList("CHECK_IN", "main-hall", v, "ADMIT", null)),
				Map.entry(2L, Arrays.asList("CHECK_IN", "main-hall", v, "ADMIT", null)));
		assertThat(this.edge.kioskBadgeText(typed)).isEqualTo(List.of("Ada Kiosk", "Kiosk Corp"));
		assertThat(this.edge.kioskBadgeText(scanned)).isEqualTo(Arrays.asList("Grace Kiosk", null));
	}

	@Test
	void theCheckInCommandOnAnAreaKioskSaysWhatThePolicyDecided() throws Exception {
		String eventId = "ev-bc-" + UUID.randomUUID().toString().substring(0, 8);
		long version = this.edge.savePolicy(eventId, EdgeFixture.onceHallPolicy());
		String full = eventId + "_1";
		String day = eventId + "_2";
		this.edge.importAttendees(eventId, Map.of(full, "full", day, "day"));
		String kioskId = EdgeFixture.newKioskId("bc-area");
		String token = this.edge.provision(kioskId, eventId, "main-hall", "ENTRY");
		Path database = this.directory.resolve("k.db");
		// the kiosk's cache holds the policy, as a serving kiosk's does
		try (KioskAgent agent = KioskAgent.open(this.edge.config(kioskId, token, database))) {
			agent.ensureSequence();
			agent.syncCache(Duration.ZERO);
		}
		String[] common = { "--kiosk-id", kioskId, "--token", token, "--edge-url", this.edge.edgeUrl().toString(),
				"--ca-file", this.edge.caFile().toString(), "--db", database.toString(), "--admission-check-budget",
				"5s" };
		String admitted;
		String refused;
		try (LogCapture capture = new LogCapture()) {
			assertThat(io.eventops.agent.cli.KioskAgentCli.execute(
					concat(new String[] { "checkin", full, "--display-name", "Ada Kiosk", "--company", "Kiosk Corp" },
							common)))
				.isZero();
			assertThat(io.eventops.agent.cli.KioskAgentCli
				.execute(concat(new String[] { "checkin", day, "--display-name", "Day Kiosk" }, common))).isZero();
			admitted = capture.text().lines().filter((line) -> line.contains(kioskId + ":1 ")).findFirst().orElse("");
			refused = capture.text().lines().filter((line) -> line.contains(kioskId + ":2 ")).findFirst().orElse("");
		}
		assertThat(admitted).startsWith("COMMITTED 1 ").contains("type=CHECK_IN area=main-hall");
		assertThat(refused).startsWith("COMMITTED 2 ")
			.contains("type=REFUSED area=main-hall reason=TICKET_NOT_VALID_HERE");
		try (KioskAgent agent = KioskAgent.open(this.edge.config(kioskId, token, database))) {
			await().atMost(Duration.ofSeconds(60)).until(() -> {
				agent.flush();
				return agent.status().pending() == 0;
			});
			assertThat(agent.outcomeOf(1)).contains("APPLIED");
		}
		assertThat(this.edge.rejections(kioskId)).isEmpty();
		String v = Long.toString(version);
		assertThat(this.edge.movements(kioskId)).containsExactly(
				Map.entry(1L, Arrays.asList("CHECK_IN", "main-hall", v, "ADMIT", null)),
				Map.entry(2L, List.of("REFUSED", "main-hall", v, "REFUSE", "TICKET_NOT_VALID_HERE")));
		assertThat(this.edge.kioskBadgeText(full)).isEqualTo(List.of("Ada Kiosk", "Kiosk Corp"));
	}

	private static String[] concat(String[] first, String[] second) {
		String[] all = Arrays.copyOf(first, first.length + second.length);
		System.arraycopy(second, 0, all, first.length, second.length);
		return all;
	}

}
