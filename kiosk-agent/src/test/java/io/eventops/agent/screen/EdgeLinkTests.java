package io.eventops.agent.screen;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

import io.eventops.agent.EdgeFixtureAccess;
import io.eventops.agent.KioskAgent;
import io.eventops.agent.backoff.SignalWaiter;
import io.eventops.agent.backoff.Waiter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The screen's link to the edge keeps the attendee cache in step: when the changes after
 * the cache's position are pruned (410) and the change log's horizon keeps moving past
 * every new snapshot, it backs off between snapshots instead of asking in a loop.
 */
class EdgeLinkTests {

	@TempDir
	Path directory;

	@Test
	void itBacksOffBetweenSnapshotsThatStayBelowThePrunedChangeLog() throws Exception {
		String kioskId = EdgeFixtureAccess.newKioskId("link");
		String token = EdgeFixtureAccess.provision(kioskId);
		List<Duration> pauses = new CopyOnWriteArrayList<>();
		SignalWaiter real = new SignalWaiter();
		Waiter recording = new Waiter() {

			@Override
			public boolean await(Duration delay) throws InterruptedException {
				pauses.add(delay);
				// the test need not wait the pauses out, only see them asked for
				return real.await(Duration.ofMillis(10));
			}

			@Override
			public void wake() {
				real.wake();
			}

		};
		try (KioskAgent agent = KioskAgent
			.open(EdgeFixtureAccess.config(kioskId, token, this.directory.resolve("k.db")))) {
			agent.ensureSequence();
			agent.syncCache(Duration.ZERO);
			long position = agent.cache().streamSeq();
			EdgeFixtureAccess.execute("INSERT INTO reconciler.change_log_horizon (event_id, pruned_through) VALUES ('"
					+ EdgeFixtureAccess.EVENT_ID + "', " + (position + 1_000_000) + ") ON CONFLICT (event_id) "
					+ "DO UPDATE SET pruned_through = EXCLUDED.pruned_through");
			// a pruner that keeps running ahead of the kiosk: since issue #42 a snapshot
			// is
			// never below the horizon it was taken at, but the horizon can move on before
			// the next changes call (a 410 again), round after round
			AtomicBoolean pruning = new AtomicBoolean(true);
			Thread pruner = Thread.ofVirtual().start(() -> {
				while (pruning.get()) {
					EdgeFixtureAccess.execute("UPDATE reconciler.change_log_horizon SET pruned_through = "
							+ "pruned_through + 1000000 WHERE event_id = '" + EdgeFixtureAccess.EVENT_ID + "'");
					LockSupport.parkNanos(Duration.ofMillis(5).toNanos());
				}
			});
			try (EdgeLink link = new EdgeLink(agent, Clock.systemUTC(), recording)) {
				link.start();
				await().atMost(Duration.ofSeconds(30)).until(() -> pauses.size() >= 4);
			}
			finally {
				pruning.set(false);
				pruner.join();
				EdgeFixtureAccess.execute("DELETE FROM reconciler.change_log_horizon WHERE event_id = '"
						+ EdgeFixtureAccess.EVENT_ID + "'");
			}
		}
		assertThat(pauses.get(0)).isPositive();
		assertThat(pauses.subList(0, 4)).isSorted();
		assertThat(pauses.get(3)).isGreaterThan(pauses.get(0));
	}

}
