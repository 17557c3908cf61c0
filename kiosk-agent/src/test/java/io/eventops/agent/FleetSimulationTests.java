package io.eventops.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.eventops.agent.backoff.BackoffPolicy;
import io.eventops.agent.cache.AttendeeCache;
import io.eventops.agent.http.WireFormat;
import io.eventops.agent.simulate.FleetSimulation;
import io.eventops.agent.simulate.KioskCredentials;
import io.eventops.agent.simulate.Outage;
import io.eventops.agent.simulate.SimulationPlan;
import io.eventops.agent.simulate.SimulationSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

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
		try (AttendeeCache cache = AttendeeCache.open(this.directory.resolve(kioskId + ".kiosk.db.cache"))) {
			// loaded before the generation: the snapshot's attendees are there
			assertThat(cache.find(attendees.get(0))).isPresent();
			assertThat(cache.policy()).isEmpty();
		}
	}

	// the herd drill's --policy --area with a real policy: every scan is decided under
	// the version the kiosk received through the snapshot and carries it to the server,
	// admissions and refusals alike
	@Test
	void aFleetUnderARealPolicyDecidesEveryScanUnderTheVersionItReceived() throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		String eventId = "ev-sim-ac-" + UUID.randomUUID().toString().substring(0, 8);
		long version = edge.savePolicy(eventId, EdgeFixture.onceHallPolicy());
		Map<String, String> ticketTypes = new LinkedHashMap<>();
		for (int i = 1; i <= 6; i++) {
			ticketTypes.put(eventId + "_" + i, (i <= 4) ? "full" : "day");
		}
		edge.importAttendees(eventId, ticketTypes);
		String kioskId = EdgeFixture.newKioskId("sim-area");
		List<KioskCredentials> kiosks = List
			.of(new KioskCredentials(kioskId, edge.provision(kioskId, eventId, "main-hall", "ENTRY")));
		SimulationPlan plan = new SimulationPlan(edge.edgeUrl(), edge.caFile(), this.directory, kiosks,
				List.copyOf(ticketTypes.keySet()), 4, Duration.ofSeconds(3), List.of(), Duration.ofSeconds(30), 500,
				new BackoffPolicy(Duration.ofMillis(200), Duration.ofSeconds(2), 0.2, Duration.ofSeconds(2)))
			.withPolicy();

		SimulationSummary summary = FleetSimulation.run(plan);

		assertThat(summary.nothingLost()).as(summary.toText()).isTrue();
		// more scans than full passes: some scan is refused whatever the order
		assertThat(summary.checkIns()).isGreaterThan(4);
		assertThat(edge.processed(kioskId)).hasSize((int) summary.checkIns());
		List<JsonNode> entries = payloads(this.directory.resolve(kioskId + ".kiosk.db"));
		assertThat(entries).hasSize((int) summary.checkIns()).allSatisfy((entry) -> {
			assertThat(entry.path("areaId").asString()).isEqualTo("main-hall");
			assertThat(entry.path("policyVersion").asLong()).isEqualTo(version);
			String type = entry.path("type").asString();
			assertThat(type).isIn("CHECK_IN", "REFUSED");
			assertThat(entry.path("kioskDecision").path("decision").asString())
				.isEqualTo(type.equals("CHECK_IN") ? "ADMIT" : "REFUSE");
		});
		assertThat(entries).anySatisfy((entry) -> assertThat(entry.path("type").asString()).isEqualTo("REFUSED"));
		// the hall admits each full pass once and never a day pass, online and offline
		// alike
		Map<String, List<String>> decisions = new LinkedHashMap<>();
		entries.forEach(
				(entry) -> decisions.computeIfAbsent(entry.path("attendeeId").asString(), (id) -> new ArrayList<>())
					.add(entry.path("type").asString().equals("CHECK_IN") ? "ADMIT"
							: entry.path("kioskDecision").path("reason").asString()));
		decisions.forEach((attendee, made) -> {
			List<String> expected = new ArrayList<>();
			for (int i = 0; i < made.size(); i++) {
				expected.add(ticketTypes.get(attendee).equals("day") ? "TICKET_NOT_VALID_HERE"
						: (i == 0) ? "ADMIT" : "ALREADY_ENTERED");
			}
			assertThat(made).as(attendee).isEqualTo(expected);
		});
		try (AttendeeCache cache = AttendeeCache.open(this.directory.resolve(kioskId + ".kiosk.db.cache"))) {
			assertThat(cache.policy()).hasValueSatisfying((policy) -> assertThat(policy.version()).isEqualTo(version));
		}
	}

	// every entry's wire JSON as the kiosk's log stored it, in seq order
	private static List<JsonNode> payloads(Path log) throws SQLException {
		List<JsonNode> entries = new ArrayList<>();
		try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + log.toAbsolutePath());
				PreparedStatement select = connection.prepareStatement("SELECT payload FROM entries ORDER BY seq");
				ResultSet rows = select.executeQuery()) {
			while (rows.next()) {
				entries.add(WireFormat.tree(rows.getBytes(1)));
			}
		}
		return entries;
	}

}
