package io.eventops.agent;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import io.eventops.agent.cache.AttendeeCache;
import io.eventops.agent.cache.CachedAttendee;
import io.eventops.agent.config.AgentConfig;
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
			// the search itself is proven: every canary is in the cache's files now
			assertThat(canaries.foundIn(cacheFiles())).containsExactlyElementsOf(canaries.all());
			assertThat(canaries.foundIn(logFiles())).isEmpty();

			this.edge.erase(attendee);
			await().atMost(Duration.ofSeconds(30)).until(() -> {
				agent.syncCache(Duration.ofSeconds(1));
				return agent.cache().find(attendee).isEmpty();
			});
			assertThat(agent.cache().search(canaries.name(), 5)).isEmpty();
			assertThat(agent.cache().search(canaries.email(), 5)).isEmpty();
			assertThat(canaries.foundIn(cacheFiles())).isEmpty();
			assertThat(canaries.foundIn(logFiles())).isEmpty();
			assertThat(agent.latestEntryFor(attendee)).isPresent();
		}
	}

	@Test
	void theAgentDeletesOnItsOwnTheCacheOfAnEventOverLongerThanTheCacheRetention() throws Exception {
		Canaries canaries = Canaries.fresh();
		String attendee = "pr_" + UUID.randomUUID().toString().substring(0, 8);
		this.edge.importPerson(attendee, canaries.name(), canaries.company(), canaries.email());
		String kiosk = EdgeFixture.newKioskId("pr");
		String token = this.edge.provision(kiosk);
		AgentConfig config = this.edge.config(kiosk, token, this.dir.resolve("pd.db"))
			.withCacheRetention(Duration.ofDays(14));
		try (KioskAgent agent = KioskAgent.open(config)) {
			agent.syncCache(Duration.ZERO);
			assertThat(agent.cache().find(attendee)).isPresent();
		}
		assertThat(canaries.foundIn(cacheFiles())).containsExactlyElementsOf(canaries.all());
		// the test event has no policy: its end, for the kiosk, is the cache's last
		// change; a kiosk switched on fifteen days later forgets before it syncs
		Clock later = Clock.offset(Clock.systemUTC(), Duration.ofDays(15));
		try (KioskAgent agent = KioskAgent.builder(config).clock(later).network(() -> false).open()) {
			assertThat(agent.cache().size()).isZero();
			assertThat(agent.cache().search(canaries.name(), 5)).isEmpty();
			assertThat(canaries.foundIn(cacheFiles())).isEmpty();
		}
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

	private List<Path> cacheFiles() {
		return Canaries.filesOf(this.dir, "pd.db.cache");
	}

	private List<Path> logFiles() {
		return List.of(this.dir.resolve("pd.db"), this.dir.resolve("pd.db-wal"), this.dir.resolve("pd.db-shm"));
	}

}
