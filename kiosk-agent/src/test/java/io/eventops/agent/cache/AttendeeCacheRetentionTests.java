package io.eventops.agent.cache;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.eventops.agent.cache.StreamJson.attendee;
import static io.eventops.agent.cache.StreamJson.changes;
import static io.eventops.agent.cache.StreamJson.plainAttendee;
import static io.eventops.agent.cache.StreamJson.plainSnapshot;
import static io.eventops.agent.cache.StreamJson.policy;
import static io.eventops.agent.cache.StreamJson.policyChange;
import static io.eventops.agent.cache.StreamJson.snapshot;
import static io.eventops.agent.cache.StreamJson.versioned;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cache deletes, on its own, the attendees of an event that ended more than
 * {@code cache-retention} ago (#38), in a real SQLite file: the end is the end of the
 * policy's last day in its time zone; an event without a policy has no known end and is
 * not deleted by age.
 */
class AttendeeCacheRetentionTests {

	private static final Duration FOURTEEN_DAYS = Duration.ofDays(14);

	@TempDir
	Path dir;

	@Test
	void attendeesGoFourteenDaysAfterTheEndOfThePolicysLastDayInItsTimeZone() {
		try (AttendeeCache cache = AttendeeCache.open(this.dir.resolve("k.db.cache"))) {
			// days 2026-10-24 and 25 in Europe/Berlin: the 25th ends at 2026-10-26T00:00
			// CET (summer time ended on the 25th), 2026-10-25T23:00Z
			CacheSync.applySnapshot(cache, snapshot(10, versioned(1, policy(null)),
					List.of(attendee("att_1", "full", List.of()), attendee("att_2", "day", List.of()))));
			assertThat(cache.eventEnd()).contains(Instant.parse("2026-10-25T23:00:00Z"));
			assertThat(cache.search("attendee", 5)).hasSize(2);

			assertThat(cache.expire(Instant.parse("2026-11-08T22:59:59Z"), FOURTEEN_DAYS)).isZero();
			assertThat(cache.size()).isEqualTo(2);
			assertThat(cache.expire(Instant.parse("2026-11-08T23:00:00Z"), FOURTEEN_DAYS)).isEqualTo(2);
			assertThat(cache.size()).isZero();
			assertThat(cache.search("attendee", 5)).isEmpty();
			// the position and the policy stay: no snapshot brings the attendees back
			assertThat(cache.streamSeq()).isEqualTo(10);
			assertThat(cache.policy()).isPresent();
			assertThat(cache.expire(Instant.parse("2026-11-09T00:00:00Z"), FOURTEEN_DAYS)).isZero();
		}
	}

	// the kiosk knows no end of an event without a policy: a list unchanged for longer
	// than the retention before the event was deleted as the event started, when the
	// time of the cache's last change stood for the end
	@Test
	void anEventWithoutAPolicyIsNeverDeletedByAgeHoweverLongItsListIsUnchanged() {
		try (AttendeeCache cache = AttendeeCache.open(this.dir.resolve("p.db.cache"))) {
			assertThat(cache.eventEnd()).isEmpty();
			CacheSync.applySnapshot(cache, plainSnapshot(4, List.of(plainAttendee("att_1"))));
			assertThat(cache.eventEnd()).isEmpty();

			Instant now = Instant.now();
			assertThat(cache.expire(now.plus(FOURTEEN_DAYS).plusSeconds(1), FOURTEEN_DAYS)).isZero();
			assertThat(cache.expire(now.plus(Duration.ofDays(3650)), FOURTEEN_DAYS)).isZero();
			assertThat(cache.find("att_1")).isPresent();
		}
		try (AttendeeCache cache = AttendeeCache.open(this.dir.resolve("p.db.cache"))) {
			assertThat(cache.expire(Instant.now().plus(Duration.ofDays(15)), FOURTEEN_DAYS)).isZero();
			assertThat(cache.find("att_1")).isPresent();

			// once a policy with days arrives, its last day is the end
			CacheSync.applyChanges(cache, changes(List.of(policyChange(5, versioned(1, policy(null))))));
			assertThat(cache.eventEnd()).contains(Instant.parse("2026-10-25T23:00:00Z"));
			assertThat(cache.expire(Instant.parse("2026-11-08T23:00:00Z"), FOURTEEN_DAYS)).isOne();
			assertThat(cache.find("att_1")).isEmpty();
		}
	}

}
