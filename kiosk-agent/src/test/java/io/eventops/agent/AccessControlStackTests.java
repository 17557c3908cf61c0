package io.eventops.agent;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

import io.eventops.agent.admission.Admission;
import io.eventops.agent.cache.KioskPlacement;
import io.eventops.agent.config.AgentConfig;
import io.eventops.model.flush.EntryType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Access control end to end (issue #35) on the real reconciler and edge: ops save a
 * policy, a kiosk provisioned for an area receives it through the snapshot, the edge
 * decides online (an admission, then a refusal of the {@code ONCE} ticket from the
 * venue-wide history), the kiosk decides offline from its cache while the edge is
 * unreachable, and every entry reaches the server with its area, policy version and
 * decision (invariants 10, 12).
 */
class AccessControlStackTests {

	@TempDir
	Path directory;

	private final EdgeFixture edge = EdgeFixture.get();

	@Test
	void aPolicyReachesTheKioskAndItsOnlineAndOfflineDecisionsReachTheServer() throws Exception {
		String eventId = "ev-ac-" + UUID.randomUUID().toString().substring(0, 8);
		long version = this.edge.savePolicy(eventId, EdgeFixture.onceHallPolicy());
		String first = eventId + "_1";
		String second = eventId + "_2";
		this.edge.importAttendees(eventId, Map.of(first, "full", second, "full"));
		String kioskId = EdgeFixture.newKioskId("ac-stack");
		String token = this.edge.provision(kioskId, eventId, "main-hall", "ENTRY");
		AtomicBoolean network = new AtomicBoolean(true);
		// a generous budget: the online decisions here must be the edge's
		AgentConfig config = this.edge.config(kioskId, token, this.directory.resolve("k.db"))
			.withAdmissionCheckBudget(Duration.ofSeconds(5));
		try (KioskAgent agent = KioskAgent.builder(config).network(network::get).open()) {
			agent.ensureSequence();
			agent.syncCache(Duration.ZERO);
			assertThat(agent.cache().placement())
				.isEqualTo(new KioskPlacement("main-hall", KioskPlacement.Direction.ENTRY));
			assertThat(agent.cache().policy()).hasValueSatisfying((p) -> assertThat(p.version()).isEqualTo(version));

			Admission admitted = agent.pass(first, false).orElseThrow();
			assertThat(admitted.type()).isEqualTo(EntryType.CHECK_IN);
			assertThat(admitted.decidedOffline()).as("the edge decided").isFalse();
			assertThat(admitted.policyVersion()).isEqualTo(version);
			drain(agent);

			// acknowledged: the edge knows the admission, and refuses the ONCE ticket
			// itself
			Admission refused = agent.pass(first, false).orElseThrow();
			assertThat(refused.type()).isEqualTo(EntryType.REFUSED);
			assertThat(refused.reason()).isEqualTo("ALREADY_ENTERED");
			assertThat(refused.decidedOffline()).as("the edge decided").isFalse();

			network.set(false);
			Admission offline = agent.pass(second, false).orElseThrow();
			assertThat(offline.type()).isEqualTo(EntryType.CHECK_IN);
			assertThat(offline.decidedOffline()).isTrue();
			assertThat(offline.policyVersion()).isEqualTo(version);
			assertThat(agent.pass(second, false).orElseThrow().reason()).isEqualTo("ALREADY_ENTERED");

			network.set(true);
			drain(agent);
		}
		String v = Long.toString(version);
		assertThat(this.edge.movements(kioskId)).containsExactly(
				Map.entry(1L, Arrays.asList("CHECK_IN", "main-hall", v, "ADMIT", null)),
				Map.entry(2L, List.of("REFUSED", "main-hall", v, "REFUSE", "ALREADY_ENTERED")),
				Map.entry(3L, Arrays.asList("CHECK_IN", "main-hall", v, "ADMIT", null)),
				Map.entry(4L, List.of("REFUSED", "main-hall", v, "REFUSE", "ALREADY_ENTERED")));
	}

	private static void drain(KioskAgent agent) {
		await().atMost(Duration.ofSeconds(60)).until(() -> {
			agent.flush();
			return agent.status().pending() == 0;
		});
	}

}
