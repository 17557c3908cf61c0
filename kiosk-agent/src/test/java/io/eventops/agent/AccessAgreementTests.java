package io.eventops.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import io.eventops.agent.admission.Admission;
import io.eventops.agent.config.AgentConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The kiosk and the server agree (issue #35, invariant 12): after a random history of
 * admissions, exits and refusals at three areas, decided online and offline at random
 * capture times, a kiosk that synced its cache decides offline exactly what the edge
 * decides online from the venue-wide history in PostgreSQL, for the same attendee, area
 * and capture time. Both run entry-rules' one decision; what this shows is that the
 * history reaches the kiosk whole (the stream's movements, their areas, capture times and
 * keys) and that nothing on either side reads another clock or zone. Each seed is one
 * history on the real edge and reconciler.
 */
class AccessAgreementTests {

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	private static final List<String> AREAS = List.of("badge-desk", "main-hall", "workshop");

	private final EdgeFixture edge = EdgeFixture.get();

	@ParameterizedTest(name = "seed {0}")
	@ValueSource(longs = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 })
	void aKioskDecidingOfflineFromItsCacheDecidesAsTheServerDoesOnline(long seed) throws Exception {
		Random random = new Random(seed);
		Path directory = Files.createTempDirectory("agreement-" + seed);
		String eventId = "ev-agree-" + UUID.randomUUID().toString().substring(0, 8);
		long version = this.edge.savePolicy(eventId, policy());
		String full = eventId + "_full";
		String day = eventId + "_day";
		this.edge.importAttendees(eventId, Map.of(full, "full", day, "day"));
		// the history lies in the last 14 hours, so that no capture is in the future
		MutableClock clock = new MutableClock(Instant.now().minus(Duration.ofHours(14)));
		AtomicBoolean network = new AtomicBoolean(true);
		Map<String, KioskAgent> kiosks = new LinkedHashMap<>();
		List<KioskAgent> opened = new ArrayList<>();
		try {
			for (String area : AREAS) {
				KioskAgent agent = open(eventId, area, "BOTH", directory, clock, network::get);
				opened.add(agent);
				kiosks.put(area, agent);
			}
			List<String> history = new ArrayList<>();
			int actions = 4 + random.nextInt(6);
			for (int i = 0; i < actions; i++) {
				String area = AREAS.get(random.nextInt(AREAS.size()));
				String attendee = (random.nextInt(4) == 0) ? day : full;
				boolean leaving = random.nextInt(4) == 0;
				boolean offline = random.nextInt(3) == 0;
				clock.advance(Duration.ofMinutes(random.nextInt(90)));
				KioskAgent agent = kiosks.get(area);
				agent.syncCache(Duration.ZERO);
				network.set(!offline);
				Admission admission = agent.pass(attendee, leaving).orElseThrow();
				network.set(true);
				history.add(area + " " + attendee.substring(eventId.length()) + " " + admission.type()
						+ ((admission.reason() != null) ? " " + admission.reason() : "")
						+ (offline ? " (offline)" : ""));
				drain(agent);
			}
			clock.advance(Duration.ofMinutes(random.nextInt(120)));
			String area = AREAS.get(random.nextInt(AREAS.size()));
			String attendee = random.nextBoolean() ? full : day;
			// two fresh kiosks of the probed area: one asks the edge, one decides alone
			KioskAgent online = open(eventId, area, "ENTRY", directory, clock, network::get);
			opened.add(online);
			AtomicBoolean cut = new AtomicBoolean(true);
			KioskAgent alone = open(eventId, area, "ENTRY", directory, clock, cut::get);
			opened.add(alone);
			online.syncCache(Duration.ZERO);
			alone.syncCache(Duration.ZERO);
			assertThat(alone.cache().policy()).hasValueSatisfying((p) -> assertThat(p.version()).isEqualTo(version));
			cut.set(false);
			Admission server = online.pass(attendee, false).orElseThrow();
			Admission kiosk = alone.pass(attendee, false).orElseThrow();
			String story = "history " + history + ", then " + attendee.substring(eventId.length()) + " at " + area;
			System.out.println("[agreement] seed " + seed + ": " + story + " -> server " + server.type() + " "
					+ server.reason() + ", kiosk " + kiosk.type() + " " + kiosk.reason());
			assertThat(server.decidedOffline()).as("the edge decided: " + story).isFalse();
			assertThat(kiosk.decidedOffline()).as("the kiosk decided: " + story).isTrue();
			assertThat(kiosk.type() + " " + kiosk.reason()).as(story).isEqualTo(server.type() + " " + server.reason());
			assertThat(kiosk.policyVersion()).isEqualTo(server.policyVersion());
		}
		finally {
			for (KioskAgent agent : opened) {
				agent.close();
			}
		}
	}

	private KioskAgent open(String eventId, String area, String direction, Path directory, Clock clock,
			io.eventops.agent.http.NetworkGate network) {
		String kioskId = EdgeFixture.newKioskId("agree");
		String token = this.edge.provision(kioskId, eventId, area, direction);
		// a generous budget: an online decision here must be the edge's
		AgentConfig config = this.edge.config(kioskId, token, directory.resolve(kioskId + ".db"))
			.withAdmissionCheckBudget(Duration.ofSeconds(5));
		KioskAgent agent = KioskAgent.builder(config).clock(clock).network(network).open();
		agent.ensureSequence();
		return agent;
	}

	private static void drain(KioskAgent agent) {
		await().atMost(Duration.ofSeconds(60)).until(() -> {
			agent.flush();
			return agent.status().pending() == 0;
		});
	}

	// a badge desk anyone passes again, a hall entered again only after an exit and not
	// within 5 minutes, a workshop room once a day for full passes with a rule on the
	// day's entries, on the Berlin days around today
	private static Map<String, Object> policy() {
		LocalDate today = LocalDate.now(BERLIN);
		List<String> days = Stream.iterate(today.minusDays(2), (d) -> d.plusDays(1))
			.limit(5)
			.map(LocalDate::toString)
			.toList();
		Map<String, Object> desk = Map.of("areaId", "badge-desk", "name", "Badge desk", "admits",
				List.of("full", "day"), "reentry", "ANY", "printsBadge", true);
		Map<String, Object> hall = Map.of("areaId", "main-hall", "name", "Main hall", "admits", List.of("full", "day"),
				"reentry", "AFTER_EXIT", "minMinutesBetweenEntries", 5);
		Map<String, Object> room = Map.of("areaId", "workshop", "name", "Workshop", "admits", List.of("full"),
				"reentry", "ONCE_PER_DAY", "rule", "entriesToday < 4 && minutesSinceLastEntry != 0");
		return Map.of("timeZone", "Europe/Berlin", "days", days, "ticketTypes",
				List.of(Map.of("id", "full", "name", "Full pass"),
						Map.of("id", "day", "name", "Day pass", "validDays", List.of(today.toString()))),
				"areas", List.of(desk, hall, room));
	}

	private static final class MutableClock extends Clock {

		private volatile Instant now;

		MutableClock(Instant start) {
			this.now = start;
		}

		void advance(Duration by) {
			this.now = this.now.plus(by);
		}

		@Override
		public ZoneId getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

	}

}
