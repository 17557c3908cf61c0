package io.eventops.agent.cache;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.eventops.agent.cache.StreamJson.attendee;
import static io.eventops.agent.cache.StreamJson.movement;
import static io.eventops.agent.cache.StreamJson.policy;
import static io.eventops.agent.cache.StreamJson.snapshot;
import static io.eventops.agent.cache.StreamJson.versioned;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A reviewer's test of the kiosk cache of #35 (invariant 11): fails on main.
 */
class AttendeeCacheReviewTests {

	@TempDir
	Path dir;

	/**
	 * The reconciler keeps a movement without an area (reconciler.movements.area_id is
	 * nullable: a contract v1 entry of a kiosk provisioned without an area, at an event
	 * with a policy), and docs/access-control.md's movement {"key", "type", "areaId",
	 * "capturedAt", "annuls"} does not say areaId is never null. AccessJson.movements
	 * builds an entry-rules Movement from it, whose constructor requires an area for
	 * every kind but ANNUL: the NullPointerException fails the whole snapshot, so one
	 * legacy kiosk's check-in stops the cache of every kiosk of the event. Fails on main
	 * (NullPointerException: areaId); latent while the server sends no movements yet.
	 */
	@Test
	void aMovementWithoutAnAreaCostsNoOtherAttendeeTheSnapshot() {
		try (AttendeeCache cache = AttendeeCache.open(this.dir.resolve("k.db.cache"))) {
			CacheSync
				.applySnapshot(cache,
						snapshot(
								10, versioned(1, policy(null)), List.of(
										attendee("att_1", null,
												List.of(movement("legacy-01:3", "CHECK_IN", null,
														"2026-10-24T09:00:00Z"))),
										attendee("att_2", "day", List.of()))));
			assertThat(cache.find("att_2")).isPresent();
			assertThat(cache.find("att_1")).isPresent();
		}
	}

}
