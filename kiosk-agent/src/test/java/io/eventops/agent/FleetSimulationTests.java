package io.eventops.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.eventops.agent.backoff.BackoffPolicy;
import io.eventops.agent.simulate.FleetSimulation;
import io.eventops.agent.simulate.KioskCredentials;
import io.eventops.agent.simulate.Outage;
import io.eventops.agent.simulate.SimulationPlan;
import io.eventops.agent.simulate.SimulationSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A small simulated fleet through a scripted outage against the real edge: every check-in
 * recorded during the cut is delivered afterwards, nothing lost.
 */
class FleetSimulationTests {

	@TempDir
	Path directory;

	@Test
	void fleetThroughAScriptedOutageLosesNothing() throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		List<KioskCredentials> kiosks = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			String kioskId = EdgeFixture.newKioskId("sim");
			kiosks.add(new KioskCredentials(kioskId, edge.provision(kioskId)));
		}
		List<String> attendees = edge.attendees("sim", 40);
		SimulationPlan plan = new SimulationPlan(edge.edgeUrl(), edge.caFile(), this.directory, kiosks, attendees, 4,
				Duration.ofSeconds(4), List.of(Outage.parse("1s+2s")), Duration.ofSeconds(30), 500,
				new BackoffPolicy(Duration.ofMillis(200), Duration.ofSeconds(2), 0.2, Duration.ofSeconds(2)));

		SimulationSummary summary = FleetSimulation.run(plan);

		assertThat(summary.nothingLost()).as(summary.toText()).isTrue();
		assertThat(summary.checkIns()).isGreaterThan(30);
		assertThat(summary.kiosks()).allSatisfy((kiosk) -> {
			assertThat(kiosk.failedCheckIns()).isZero();
			assertThat(kiosk.failedRounds()).as("the outage was felt").isPositive();
			assertThat(kiosk.watermark()).isEqualTo(kiosk.lastSeq());
		});
		long processed = kiosks.stream().mapToLong((kiosk) -> edge.processed(kiosk.kioskId()).size()).sum();
		assertThat(processed).isEqualTo(summary.checkIns());
	}

	// the compose smoke ends its agent's generation this way once the restarts it flushes
	// through are over (issue #40)
	@Test
	void theStopFileEndsTheGenerationLongBeforeItsDurationAndTheDrainStillDeliversEverything() throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		String kioskId = EdgeFixture.newKioskId("sim-stop");
		List<KioskCredentials> kiosks = List.of(new KioskCredentials(kioskId, edge.provision(kioskId)));
		Path stop = this.directory.resolve("stop");
		SimulationPlan plan = new SimulationPlan(edge.edgeUrl(), edge.caFile(), this.directory.resolve("logs"), kiosks,
				edge.attendees("sim-stop", 20), 10, Duration.ofMinutes(3), List.of(), Duration.ofSeconds(30), 500,
				new BackoffPolicy(Duration.ofMillis(200), Duration.ofSeconds(2), 0.2, Duration.ofSeconds(2)), stop);
		Thread.ofVirtual().start(() -> {
			await().atMost(Duration.ofSeconds(30)).until(() -> !edge.processed(kioskId).isEmpty());
			try {
				Files.createFile(stop);
			}
			catch (java.io.IOException ex) {
				throw new java.io.UncheckedIOException(ex);
			}
		});

		SimulationSummary summary = FleetSimulation.run(plan);

		assertThat(summary.nothingLost()).as(summary.toText()).isTrue();
		assertThat(summary.checkIns()).isPositive();
		// a behaviour, not a speed: without the stop file the generation runs 3 minutes
		assertThat(summary.elapsed()).isLessThan(Duration.ofSeconds(90));
		assertThat(edge.processed(kioskId)).hasSize((int) summary.checkIns());
	}

	// the herd drill's --policy: every virtual kiosk loads its area and the event's
	// policy
	// first; an event the server knows no policy of is checked in as today (#35)
	@Test
	void aFleetUnderPolicyLoadsItsCachesFirstAndWithoutAPolicyChecksInAsToday() throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		String kioskId = EdgeFixture.newKioskId("sim-pol");
		List<KioskCredentials> kiosks = List.of(new KioskCredentials(kioskId, edge.provision(kioskId)));
		List<String> attendees = edge.attendees("sim-pol", 10);
		SimulationPlan plan = new SimulationPlan(edge.edgeUrl(), edge.caFile(), this.directory, kiosks, attendees, 4,
				Duration.ofSeconds(2), List.of(), Duration.ofSeconds(30), 500,
				new BackoffPolicy(Duration.ofMillis(200), Duration.ofSeconds(2), 0.2, Duration.ofSeconds(2)))
			.withPolicy();
		assertThat(plan.underPolicy()).isTrue();

		SimulationSummary summary = FleetSimulation.run(plan);

		assertThat(summary.nothingLost()).as(summary.toText()).isTrue();
		assertThat(summary.checkIns()).isPositive();
		assertThat(edge.processed(kioskId)).hasSize((int) summary.checkIns());
		try (io.eventops.agent.cache.AttendeeCache cache = io.eventops.agent.cache.AttendeeCache
			.open(this.directory.resolve(kioskId + ".kiosk.db.cache"))) {
			// loaded before the generation: the snapshot's attendees are there
			assertThat(cache.find(attendees.get(0))).isPresent();
			assertThat(cache.policy()).isEmpty();
		}
	}

}
