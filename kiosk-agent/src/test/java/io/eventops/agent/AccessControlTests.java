package io.eventops.agent;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

import io.eventops.agent.admission.Admission;
import io.eventops.agent.cache.CachedAttendee;
import io.eventops.agent.cache.CachedPolicy;
import io.eventops.agent.cache.KioskPlacement;
import io.eventops.agent.config.AgentConfig;
import io.eventops.agent.http.WireFormat;
import io.eventops.model.flush.EntryType;
import io.eventops.rules.decision.Movement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A scan under the event's policy (issue #35), on a real agent with real SQLite files
 * whose fresh log learnt its sequence from the real edge: offline, the kiosk decides with
 * entry-rules from its cache and its own log, never admits a {@code ONCE} ticket twice
 * itself (also for scans at once), logs refusals as {@code REFUSED} and exits as
 * {@code EXIT}; without an answer of the edge within the budget it decides alone; without
 * a policy a scan is today's check-in.
 */
class AccessControlTests {

	private static final Instant NOW = Instant.parse("2026-10-24T10:00:00Z");

	private final EdgeFixture edge = EdgeFixture.get();

	@TempDir
	Path dir;

	@Test
	void anOfflineKioskAdmitsAOnceTicketOnceAndLogsTheRefusal() throws Exception {
		AtomicBoolean online = new AtomicBoolean(true);
		try (KioskAgent agent = offlineAgent(online, "once")) {
			stage(agent, attendee("att_1", "full"));
			Admission first = agent.pass("att_1", false).orElseThrow();
			assertThat(first.type()).isEqualTo(EntryType.CHECK_IN);
			assertThat(first.decidedOffline()).isTrue();
			assertThat(first.policyVersion()).isEqualTo(4);
			Admission second = agent.pass("att_1", false).orElseThrow();
			assertThat(second.type()).isEqualTo(EntryType.REFUSED);
			assertThat(second.reason()).isEqualTo("ALREADY_ENTERED");
			assertThat(second.passes()).isFalse();

			JsonNode admitted = payload(agent, first.seq());
			assertThat(admitted.path("type").asString()).isEqualTo("CHECK_IN");
			assertThat(admitted.path("areaId").asString()).isEqualTo("main-hall");
			assertThat(admitted.path("policyVersion").asLong()).isEqualTo(4);
			assertThat(admitted.path("kioskDecision").path("decision").asString()).isEqualTo("ADMIT");
			assertThat(admitted.path("kioskDecision").has("reason")).isFalse();
			JsonNode refused = payload(agent, second.seq());
			assertThat(refused.path("type").asString()).isEqualTo("REFUSED");
			assertThat(refused.path("kioskDecision").path("decision").asString()).isEqualTo("REFUSE");
			assertThat(refused.path("kioskDecision").path("reason").asString()).isEqualTo("ALREADY_ENTERED");
			assertThat(agent.status().pending()).isEqualTo(2);
		}
	}

	@Test
	void scansAtOnceAdmitAOnceTicketExactlyOnce() throws Exception {
		AtomicBoolean online = new AtomicBoolean(true);
		try (KioskAgent agent = offlineAgent(online, "race")) {
			stage(agent, attendee("att_1", "full"));
			ExecutorService pool = Executors.newFixedThreadPool(8);
			try {
				List<Callable<Admission>> scans = new ArrayList<>();
				for (int i = 0; i < 8; i++) {
					scans.add(() -> agent.pass("att_1", false).orElseThrow());
				}
				List<EntryType> types = new ArrayList<>();
				for (Future<Admission> scan : pool.invokeAll(scans)) {
					types.add(scan.get().type());
				}
				assertThat(types).hasSize(8).containsOnlyOnce(EntryType.CHECK_IN);
				assertThat(agent.status().pending()).isEqualTo(8);
			}
			finally {
				pool.shutdownNow();
			}
		}
	}

	@Test
	void theCachedMovementsAndTheTicketTypeDecide() throws Exception {
		AtomicBoolean online = new AtomicBoolean(true);
		try (KioskAgent agent = offlineAgent(online, "facts")) {
			CachedAttendee elsewhere = new CachedAttendee("att_in", "In", null, null, true, "kiosk-x", 1, null, null,
					"full", List.of(Movement.checkIn("kiosk-x:9", "att_in", "main-hall", NOW.minusSeconds(3600))));
			stage(agent, elsewhere, attendee("att_day", "day"), attendee("att_full", null));
			assertThat(agent.pass("att_in", false).orElseThrow().reason()).isEqualTo("ALREADY_ENTERED");
			assertThat(agent.pass("att_day", false).orElseThrow().reason()).isEqualTo("TICKET_NOT_VALID_HERE");
			// no ticket type: the policy's first, which the hall admits
			assertThat(agent.pass("att_full", false).orElseThrow().type()).isEqualTo(EntryType.CHECK_IN);
		}
	}

	@Test
	void anExitKioskLogsExitsAndNeverRefuses() throws Exception {
		AtomicBoolean online = new AtomicBoolean(true);
		try (KioskAgent agent = offlineAgent(online, "exit")) {
			stage(agent, attendee("att_1", "day"));
			agent.cache().keepPlacement(new KioskPlacement("main-hall", KioskPlacement.Direction.EXIT));
			Admission out = agent.pass("att_1", false).orElseThrow();
			Admission again = agent.pass("att_1", false).orElseThrow();
			assertThat(List.of(out.type(), again.type())).containsOnly(EntryType.EXIT);
			assertThat(out.policyVersion()).isNull();
			JsonNode exit = payload(agent, out.seq());
			assertThat(exit.path("type").asString()).isEqualTo("EXIT");
			assertThat(exit.path("areaId").asString()).isEqualTo("main-hall");
			assertThat(exit.has("kioskDecision")).isFalse();

			agent.cache().keepPlacement(new KioskPlacement("main-hall", KioskPlacement.Direction.BOTH));
			assertThat(agent.pass("att_1", true).orElseThrow().type()).isEqualTo(EntryType.EXIT);
			// leaving is not what a day pass at the full-pass hall may do the other way
			assertThat(agent.pass("att_1", false).orElseThrow().reason()).isEqualTo("TICKET_NOT_VALID_HERE");
		}
	}

	@Test
	void withoutAPolicyOrAnAreaAScanIsTodaysCheckIn() throws Exception {
		AtomicBoolean online = new AtomicBoolean(true);
		try (KioskAgent agent = offlineAgent(online, "plain")) {
			agent.cache().replace(EdgeFixture.EVENT_ID, 1, List.of(attendee("att_1", "full")));
			agent.cache().keepPlacement(new KioskPlacement("main-hall", KioskPlacement.Direction.ENTRY));
			assertThat(agent.pass("att_1", false)).isEmpty();
			stage(agent, attendee("att_1", "full"));
			agent.cache().keepPlacement(KioskPlacement.NONE);
			assertThat(agent.pass("att_1", false)).isEmpty();
			assertThat(agent.status().pending()).isZero();
		}
	}

	@Test
	void anEdgeThatDoesNotAnswerInTimeLeavesTheDecisionToTheKiosk() throws Exception {
		EdgeFixture.Kiosk kiosk = this.edge.newKiosk("ac-slow", 0);
		Path db = this.dir.resolve("slow.db");
		try (KioskAgent agent = KioskAgent.open(this.edge.config(kiosk.id(), kiosk.token(), db))) {
			agent.ensureSequence();
		}
		try (ServerSocket silent = new ServerSocket(0)) {
			List<Socket> held = new ArrayList<>();
			Thread acceptor = Thread.ofPlatform().daemon().start(() -> {
				try {
					while (true) {
						held.add(silent.accept());
					}
				}
				catch (IOException ex) {
					// closed
				}
			});
			AgentConfig config = this.edge.config(kiosk.id(), kiosk.token(), db)
				.withEdgeUrl(URI.create("https://127.0.0.1:" + silent.getLocalPort()))
				.withAdmissionCheckBudget(java.time.Duration.ofMillis(300));
			try (KioskAgent agent = KioskAgent.builder(config).clock(Clock.fixed(NOW, ZoneOffset.UTC)).open()) {
				stage(agent, attendee("att_1", "full"));
				long started = System.nanoTime();
				Admission admission = agent.pass("att_1", false).orElseThrow();
				long millis = (System.nanoTime() - started) / 1_000_000;
				assertThat(admission.decidedOffline()).isTrue();
				assertThat(admission.type()).isEqualTo(EntryType.CHECK_IN);
				assertThat(millis).isLessThan(2_000);
			}
			acceptor.interrupt();
		}
	}

	// a fresh kiosk learns its sequence online once; then the network is cut
	private KioskAgent offlineAgent(AtomicBoolean online, String name) {
		String kioskId = EdgeFixture.newKioskId("ac-" + name);
		KioskAgent agent = KioskAgent
			.builder(this.edge.config(kioskId, this.edge.provision(kioskId), this.dir.resolve(name + ".db")))
			.clock(Clock.fixed(NOW, ZoneOffset.UTC))
			.network(online::get)
			.open();
		agent.ensureSequence();
		online.set(false);
		return agent;
	}

	private static void stage(KioskAgent agent, CachedAttendee... attendees) {
		agent.cache()
			.replace(EdgeFixture.EVENT_ID, 1, List.of(attendees), new CachedPolicy(4, WireFormat.write(policy())));
		agent.cache().keepPlacement(new KioskPlacement("main-hall", KioskPlacement.Direction.ENTRY));
	}

	private static CachedAttendee attendee(String id, String ticketType) {
		return new CachedAttendee(id, "Attendee " + id, null, null, false, null, 1, null, null, ticketType, List.of());
	}

	static Map<String, Object> policy() {
		Map<String, Object> hall = new LinkedHashMap<>();
		hall.put("areaId", "main-hall");
		hall.put("name", "Main hall");
		hall.put("admits", List.of("full"));
		hall.put("reentry", "ONCE");
		Map<String, Object> desk = Map.of("areaId", "badge-desk", "name", "Badge desk", "admits",
				List.of("full", "day"), "reentry", "ANY", "printsBadge", true);
		return Map.of("timeZone", "Europe/Berlin", "days", List.of("2026-10-24", "2026-10-25"), "ticketTypes",
				List.of(Map.of("id", "full", "name", "Full pass"),
						Map.of("id", "day", "name", "Saturday", "validDays", List.of("2026-10-24"))),
				"areas", List.of(desk, hall));
	}

	// the entry's wire JSON as the log stored it at append, read from the file
	private static JsonNode payload(KioskAgent agent, long seq) throws SQLException {
		try (Connection connection = DriverManager
			.getConnection("jdbc:sqlite:" + agent.config().database().toAbsolutePath());
				PreparedStatement select = connection.prepareStatement("SELECT payload FROM entries WHERE seq = ?")) {
			select.setLong(1, seq);
			try (ResultSet rows = select.executeQuery()) {
				assertThat(rows.next()).isTrue();
				return WireFormat.tree(rows.getBytes(1));
			}
		}
	}

}
