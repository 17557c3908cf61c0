package io.eventops.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.eventops.agent.cache.AttendeeCache;
import io.eventops.agent.cache.CachedAttendee;
import io.eventops.agent.config.AgentConfig;
import io.eventops.model.flush.BadgeOverrides;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What the kiosk keeps of a person (#38), against the real reconciler and edge: an
 * {@code ERASED} change deletes the attendee from the cache and its search, and their
 * name, company and e-mail address leave the SQLite files (the raw bytes are searched for
 * canaries before and after); the log holds attendee ids only.
 */
class PersonalDataTests {

	private final EdgeFixture edge = EdgeFixture.get();

	@TempDir
	Path dir;

	@Test
	void anErasedAttendeeLeavesTheCacheFilesAndTheLogHoldsIdsOnly() throws Exception {
		Canaries canaries = Canaries.fresh();
		String attendee = "pd_" + UUID.randomUUID().toString().substring(0, 8);
		this.edge.importPerson(attendee, canaries.name(), canaries.company(), canaries.email());
		String kiosk = EdgeFixture.newKioskId("pd");
		try (KioskAgent agent = KioskAgent
			.open(this.edge.config(kiosk, this.edge.provision(kiosk), this.dir.resolve("pd.db")))) {
			agent.syncCache(Duration.ZERO);
			assertThat(agent.cache().search(canaries.name(), 5)).extracting(CachedAttendee::attendeeId)
				.containsExactly(attendee);
			agent.checkIn(CheckIn.of(attendee));
			agent.flushUntilDrained(Duration.ofSeconds(30));
			assertThat(agent.status().pending()).isZero();
			// encrypted at rest: the files hold the sealed values, never the canaries
			List<byte[]> sealed = sealedValues(attendee);
			assertThat(sealed).hasSize(3).allSatisfy((value) -> assertThat(found(value)).isTrue());
			assertThat(canaries.foundIn(cacheFiles())).isEmpty();
			assertThat(canaries.foundIn(logFiles())).isEmpty();

			this.edge.erase(attendee);
			await().atMost(Duration.ofSeconds(30)).until(() -> {
				agent.syncCache(Duration.ofSeconds(1));
				return agent.cache().find(attendee).isEmpty();
			});
			assertThat(agent.cache().search(canaries.name(), 5)).isEmpty();
			assertThat(agent.cache().search(canaries.email(), 5)).isEmpty();
			assertThat(sealed).allSatisfy((value) -> assertThat(found(value)).isFalse());
			assertThat(canaries.foundIn(logFiles())).isEmpty();
			// the acknowledged entry is forgotten with the attendee; the counts stay
			assertThat(agent.latestEntryFor(attendee)).isEmpty();
			assertThat(agent.status().pending()).isZero();
		}
	}

	@Test
	void theAgentDeletesOnItsOwnTheCacheOfAnEventOverLongerThanTheCacheRetention() throws Exception {
		Canaries canaries = Canaries.fresh();
		String attendee = "pr_" + UUID.randomUUID().toString().substring(0, 8);
		// an event whose only day was two days ago: the kiosk knows its end from the
		// policy
		// (an event without one is never deleted by age)
		String event = "ev-pr-" + UUID.randomUUID().toString().substring(0, 8);
		this.edge.importPerson(event, attendee, canaries.name(), canaries.company(), canaries.email());
		Map<String, Object> policy = new LinkedHashMap<>(EdgeFixture.onceHallPolicy());
		policy.put("days", List.of(LocalDate.now(ZoneOffset.UTC).minusDays(2).toString()));
		this.edge.savePolicy(event, policy);
		String kiosk = EdgeFixture.newKioskId("pr");
		String token = this.edge.provision(kiosk, event, "badge-desk", "ENTRY");
		AgentConfig config = this.edge.config(kiosk, token, this.dir.resolve("pd.db"))
			.withCacheRetention(Duration.ofDays(14));
		try (KioskAgent agent = KioskAgent.open(config)) {
			agent.syncCache(Duration.ZERO);
			assertThat(agent.cache().find(attendee)).isPresent();
			assertThat(agent.cache().eventEnd()).isPresent();
		}
		List<byte[]> sealed = sealedValues(attendee);
		assertThat(sealed).hasSize(3).allSatisfy((value) -> assertThat(found(value)).isTrue());
		// the event ended yesterday (Berlin); a kiosk switched on fifteen days later
		// forgets before it syncs
		Clock later = Clock.offset(Clock.systemUTC(), Duration.ofDays(15));
		try (KioskAgent agent = KioskAgent.builder(config).clock(later).network(() -> false).open()) {
			assertThat(agent.cache().size()).isZero();
			assertThat(agent.cache().search(canaries.name(), 5)).isEmpty();
			assertThat(sealed).allSatisfy((value) -> assertThat(found(value)).isFalse());
		}
	}

	@Test
	void aCopiedCacheWithoutItsKeyFileYieldsNoNameCompanyOrEmail() throws Exception {
		Canaries canaries = Canaries.fresh();
		String attendee = "pc_" + UUID.randomUUID().toString().substring(0, 8);
		this.edge.importPerson(attendee, canaries.name(), canaries.company(), canaries.email());
		String kiosk = EdgeFixture.newKioskId("pc");
		Path copy = Files.createDirectories(this.dir.resolve("copy"));
		Path keyFile = this.dir.resolve("pd.db.cache.key");
		try (KioskAgent agent = KioskAgent
			.open(this.edge.config(kiosk, this.edge.provision(kiosk), this.dir.resolve("pd.db")))) {
			agent.syncCache(Duration.ZERO);
			assertThat(agent.cache().search(canaries.company(), 5)).extracting(CachedAttendee::displayName)
				.containsExactly(canaries.name());
			// a disk image of the running kiosk: the database and its write-ahead log
			for (Path file : cacheFiles()) {
				if (!file.equals(keyFile)) {
					Files.copy(file, copy.resolve(file.getFileName()));
				}
			}
		}
		assertThat(Files.getPosixFilePermissions(keyFile)).containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ,
				PosixFilePermission.OWNER_WRITE);
		assertThat(Canaries.filesOf(copy, "pd.db.cache")).isNotEmpty()
			.noneMatch((file) -> file.getFileName().toString().endsWith(".key"));
		assertThat(canaries.foundIn(Canaries.filesOf(copy, "pd.db.cache"))).isEmpty();
		assertThat(canaries.foundIn(Canaries.filesOf(this.dir, "pd.db"))).isEmpty();
		// the search itself is proven on a file that holds the canaries
		Path plain = Files.writeString(this.dir.resolve("plain.txt"), String.join("\n", canaries.all()));
		assertThat(canaries.foundIn(List.of(plain))).containsExactlyElementsOf(canaries.all());
		Files.delete(plain);

		// it is the key that keeps them: with it the copy opens
		try (AttendeeCache withKey = AttendeeCache.open(copy.resolve("pd.db.cache"), keyFile)) {
			CachedAttendee found = withKey.find(attendee).orElseThrow();
			assertThat(List.of(found.displayName(), found.company(), found.email()))
				.containsExactlyElementsOf(canaries.all());
		}
		// with another key it is an empty cache that loads a snapshot, no error
		try (AttendeeCache otherKey = AttendeeCache.open(copy.resolve("pd.db.cache"), this.dir.resolve("other.key"))) {
			assertThat(otherKey.size()).isZero();
			assertThat(otherKey.streamSeq()).isEqualTo(-1);
		}
	}

	/**
	 * One run through the reconciler, the edge, Redis and a kiosk agent with canary
	 * attendees (#38): a snapshot, a check-in with badge overrides typed at the kiosk,
	 * its change streamed back. The edge's schema and Redis hold none of the canaries
	 * even before the erasure (the edge passes attendees through and keeps kiosks and
	 * enrolments; Redis keeps ids, seqs and claims); no log line of the run names them;
	 * after the erasure no column of any schema, no Redis key or value, no file of the
	 * agent does, and the reconciler's columns that held them before prove the search.
	 */
	@Test
	void aRunOfCanariesLeavesNoneAtTheEdgeInRedisOrInAnyLogAndNoneAnywhereAfterTheErasure() throws Exception {
		Canaries canaries = Canaries.fresh();
		String attendee = "px_" + UUID.randomUUID().toString().substring(0, 8);
		String kiosk = EdgeFixture.newKioskId("px");
		String token = this.edge.provision(kiosk);
		String logs;
		try (LogCapture capture = new LogCapture()) {
			org.slf4j.LoggerFactory.getLogger(PersonalDataTests.class).warn("log capture probe {}", kiosk);
			this.edge.importPerson(attendee, canaries.name(), canaries.company(), canaries.email());
			try (KioskAgent agent = KioskAgent.open(this.edge.config(kiosk, token, this.dir.resolve("pd.db")))) {
				agent.syncCache(Duration.ZERO);
				assertThat(agent.cache().search(canaries.email(), 5)).hasSize(1);
				agent.checkIn(new CheckIn(attendee, null, false,
						new BadgeOverrides(canaries.name() + " Kiosk", canaries.company() + " Kiosk")));
				agent.flushUntilDrained(Duration.ofSeconds(30));
				assertThat(agent.status().pending()).isZero();
				await().atMost(Duration.ofSeconds(30)).until(() -> {
					agent.syncCache(Duration.ofSeconds(1));
					return agent.cache().find(attendee).map(CachedAttendee::checkedIn).orElse(false);
				});
				// the search is proven where the canaries are: the reconciler's schema
				// and the override in the kiosk's own log, until the erasure
				assertThat(this.edge.canaryColumns(canaries.name())).containsKeys("reconciler.attendees.display_name",
						"reconciler.check_ins.kiosk_display_name", "reconciler.change_log.attendee");
				assertThat(this.edge.canaryColumns(canaries.email())).containsKey("reconciler.attendees.email");
				assertThat(canaries.foundIn(logFiles())).containsExactly(canaries.name(), canaries.company());
				for (String canary : canaries.all()) {
					assertThat(this.edge.canaryColumns(canary).keySet()).as(canary)
						.noneMatch((column) -> column.startsWith("edge."));
					assertThat(this.edge.canaryRedisKeys(canary)).as(canary).isEmpty();
				}

				this.edge.erase(attendee);
				await().atMost(Duration.ofSeconds(30)).until(() -> {
					agent.syncCache(Duration.ofSeconds(1));
					return agent.cache().find(attendee).isEmpty();
				});
				assertThat(agent.latestEntryFor(attendee)).isEmpty();
			}
			logs = capture.text().toLowerCase(java.util.Locale.ROOT);
		}
		for (String canary : canaries.all()) {
			assertThat(this.edge.canaryColumns(canary)).as(canary).isEmpty();
			assertThat(this.edge.canaryRedisKeys(canary)).as(canary).isEmpty();
		}
		assertThat(canaries.foundIn(Canaries.filesOf(this.dir, "pd.db"))).isEmpty();
		// the capture reads what the services' Logback console writes, and the run's
		// own lines
		assertThat(logs).contains("log capture probe " + kiosk);
		assertThat(canaries.all())
			.allSatisfy((canary) -> assertThat(logs).doesNotContain(canary.toLowerCase(java.util.Locale.ROOT)));
	}

	@Test
	void anErasedChangeIsGatedByTheStreamPositionLikeEveryChange() {
		try (AttendeeCache cache = AttendeeCache.open(this.dir.resolve("gate.cache"))) {
			cache.replace("ev", 10, List.of(new CachedAttendee("att_1", "Ada", "Acme", null, false, null, 1),
					new CachedAttendee("att_2", "Bob", null, null, false, null, 1)));
			assertThat(cache.erase(10, "att_1")).isFalse();
			assertThat(cache.find("att_1")).isPresent();
			assertThat(cache.erase(11, "att_1")).isTrue();
			assertThat(cache.erase(11, "att_1")).isFalse();
			assertThat(cache.find("att_1")).isEmpty();
			assertThat(cache.search("ada", 5)).isEmpty();
			assertThat(cache.search("bob", 5)).extracting(CachedAttendee::attendeeId).containsExactly("att_2");
			assertThat(cache.streamSeq()).isEqualTo(11);
		}
	}

	// the cache's sealed name, company and e-mail of an attendee, read with SQLite itself
	private List<byte[]> sealedValues(String attendeeId) throws SQLException {
		try (Connection connection = DriverManager
			.getConnection("jdbc:sqlite:" + this.dir.resolve("pd.db.cache").toAbsolutePath());
				PreparedStatement statement = connection.prepareStatement(
						"SELECT display_name, company, email FROM cached_attendees WHERE attendee_id = ?")) {
			statement.setString(1, attendeeId);
			try (ResultSet rows = statement.executeQuery()) {
				assertThat(rows.next()).isTrue();
				return List.of(rows.getBytes(1), rows.getBytes(2), rows.getBytes(3));
			}
		}
	}

	private boolean found(byte[] value) {
		return Canaries.bytesIn(cacheFiles(), value);
	}

	private List<Path> cacheFiles() {
		return Canaries.filesOf(this.dir, "pd.db.cache");
	}

	private List<Path> logFiles() {
		return List.of(this.dir.resolve("pd.db"), this.dir.resolve("pd.db-wal"), this.dir.resolve("pd.db-shm"));
	}

}
