package io.eventops.agent.cache;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import io.eventops.rules.decision.Movement;
import io.eventops.rules.policy.CompiledPolicy;
import io.eventops.rules.policy.InvalidPolicyException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.eventops.agent.cache.StreamJson.attendee;
import static io.eventops.agent.cache.StreamJson.changes;
import static io.eventops.agent.cache.StreamJson.movement;
import static io.eventops.agent.cache.StreamJson.plainAttendee;
import static io.eventops.agent.cache.StreamJson.plainSnapshot;
import static io.eventops.agent.cache.StreamJson.policy;
import static io.eventops.agent.cache.StreamJson.policyChange;
import static io.eventops.agent.cache.StreamJson.snapshot;
import static io.eventops.agent.cache.StreamJson.updated;
import static io.eventops.agent.cache.StreamJson.versioned;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The cache keeps what the offline decision needs (issue #35): the policy, every
 * attendee's ticket type and movements, from the snapshot and from changes, gated by
 * {@code streamSeq} (invariant 10), in a real SQLite file.
 */
class AttendeeCachePolicyTests {

	@TempDir
	Path dir;

	@Test
	void aSnapshotKeepsThePolicyCompiledOncePerVersionAndEveryAttendeesMovements() {
		Path file = this.dir.resolve("k.db.cache");
		try (AttendeeCache cache = AttendeeCache.open(file)) {
			CacheSync
				.applySnapshot(cache,
						snapshot(
								10, versioned(3, policy("entriesHere < 5")), List.of(
										attendee("att_1", "day",
												List.of(movement("kiosk-02:7", "CHECK_IN", "main-hall",
														"2026-10-24T09:00:00Z"))),
										attendee("att_2", null, List.of()))));
			CompiledPolicy compiled = cache.policy().orElseThrow();
			assertThat(compiled.version()).isEqualTo(3);
			assertThat(compiled.area("main-hall").orElseThrow().rule()).isPresent();
			assertThat(cache.policy()).containsSame(compiled);
		}
		try (AttendeeCache reopened = AttendeeCache.open(file)) {
			assertThat(reopened.policy().orElseThrow().version()).isEqualTo(3);
			CachedAttendee one = reopened.find("att_1").orElseThrow();
			assertThat(one.ticketType()).isEqualTo("day");
			assertThat(one.movements()).containsExactly(
					Movement.checkIn("kiosk-02:7", "att_1", "main-hall", Instant.parse("2026-10-24T09:00:00Z")));
			assertThat(reopened.find("att_2").orElseThrow().movements()).isEmpty();
		}
	}

	@Test
	void aPolicyChangeAppliesOnlyWhenItIsNewerThanTheCache() {
		try (AttendeeCache cache = AttendeeCache.open(this.dir.resolve("p.db.cache"))) {
			CacheSync.applySnapshot(cache, snapshot(10, versioned(1, policy(null)), List.of()));
			CacheSync.Round round = CacheSync.applyChanges(cache,
					changes(List.of(policyChange(11, versioned(2, policy("ticketType == 'full'"))))));
			assertThat(round.applied()).isEqualTo(1);
			assertThat(cache.policy().orElseThrow().version()).isEqualTo(2);

			CacheSync.Round late = CacheSync.applyChanges(cache, changes(List
				.of(policyChange(9, versioned(7, policy(null))), policyChange(11, versioned(8, policy(null))))));
			assertThat(late.applied()).isZero();
			assertThat(late.ignored()).isEqualTo(2);
			assertThat(cache.policy().orElseThrow().version()).isEqualTo(2);
			assertThat(cache.streamSeq()).isEqualTo(11);
		}
	}

	@Test
	void anUpdatedAttendeeBringsAllItsMovements() {
		try (AttendeeCache cache = AttendeeCache.open(this.dir.resolve("u.db.cache"))) {
			CacheSync.applySnapshot(cache, snapshot(10, versioned(1, policy(null)), List.of(attendee("att_1", "full",
					List.of(movement("kiosk-02:7", "CHECK_IN", "main-hall", "2026-10-24T09:00:00Z"))))));
			CacheSync
				.applyChanges(cache,
						changes(List.of(updated(12,
								attendee("att_1", "full", List.of(
										movement("kiosk-02:7", "CHECK_IN", "main-hall", "2026-10-24T09:00:00Z"),
										movement("kiosk-05:3", "EXIT", "main-hall", "2026-10-24T10:00:00Z")))))));
			assertThat(cache.find("att_1").orElseThrow().movements()).extracting(Movement::key)
				.containsExactly("kiosk-02:7", "kiosk-05:3");
			assertThat(cache.streamSeq()).isEqualTo(12);
		}
	}

	@Test
	void aSnapshotWithoutAPolicyIsTodaysCacheAndClearsAnEarlierPolicy() {
		try (AttendeeCache cache = AttendeeCache.open(this.dir.resolve("n.db.cache"))) {
			CacheSync.applySnapshot(cache, snapshot(5, versioned(1, policy(null)), List.of()));
			assertThat(cache.policy()).isPresent();

			CacheSync.applySnapshot(cache, plainSnapshot(20, List.of(plainAttendee("att_1"))));
			assertThat(cache.policy()).isEmpty();
			assertThat(cache.storedPolicy()).isEmpty();
			CachedAttendee plain = cache.find("att_1").orElseThrow();
			assertThat(plain.ticketType()).isNull();
			assertThat(plain.movements()).isEmpty();

			CacheSync.applySnapshot(cache, snapshot(21, null, List.of(plainAttendee("att_1"))));
			assertThat(cache.policy()).isEmpty();
		}
	}

	@Test
	void anInvalidPolicyIsRefusedAndChangesNothing() {
		try (AttendeeCache cache = AttendeeCache.open(this.dir.resolve("i.db.cache"))) {
			CacheSync.applySnapshot(cache, snapshot(10, versioned(1, policy(null)), List.of()));
			assertThatExceptionOfType(InvalidPolicyException.class).isThrownBy(() -> CacheSync.applyChanges(cache,
					changes(List.of(policyChange(11, versioned(2, policy("no such variable")))))));
			assertThat(cache.policy().orElseThrow().version()).isEqualTo(1);
			assertThat(cache.streamSeq()).isEqualTo(10);
		}
	}

	@Test
	void theKiosksAreaAndDirectionAreKeptAcrossARestart() {
		Path file = this.dir.resolve("a.db.cache");
		try (AttendeeCache cache = AttendeeCache.open(file)) {
			assertThat(cache.placement()).isEqualTo(KioskPlacement.NONE);
			cache.keepPlacement(KioskPlacement.of("main-hall", "EXIT"));
		}
		try (AttendeeCache reopened = AttendeeCache.open(file)) {
			assertThat(reopened.placement()).isEqualTo(new KioskPlacement("main-hall", KioskPlacement.Direction.EXIT));
			reopened.keepPlacement(KioskPlacement.of(null, null));
			assertThat(reopened.placement()).isEqualTo(KioskPlacement.NONE);
		}
	}

}
