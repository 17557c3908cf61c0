package io.eventops.agent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;
import java.util.stream.LongStream;

import io.eventops.agent.backoff.BackoffPolicy;
import io.eventops.agent.backoff.SignalWaiter;
import io.eventops.agent.backoff.Waiter;
import io.eventops.agent.config.AgentConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The edge unreachable for a while: the agent backs off on the contract's schedule (2 s
 * doubling to 60 s, with jitter), keeps recording check-ins, and once the edge is back
 * delivers everything in seq order, nothing lost.
 */
class ServerDownTests {

	@Test
	void backsOffWhileTheEdgeIsDownThenFlushesEverythingInOrder(@TempDir Path directory) throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		EdgeFixture.Kiosk kiosk = edge.newKiosk("down", 20);
		try (TlsProxy proxy = new TlsProxy(edge)) {
			AgentConfig config = AgentConfig.defaults(kiosk.id(), proxy.url(), kiosk.token())
				.withCaFile(edge.caFile())
				.withDatabase(directory.resolve("kiosk.db"))
				.withBatchSize(7);
			List<Duration> delays = new CopyOnWriteArrayList<>();
			// the outage lasts exactly seven failed attempts: the waiter records the
			// delay the loop asked for instead of sleeping it, and brings the edge back
			// after the seventh
			SignalWaiter real = new SignalWaiter();
			Waiter recording = new Waiter() {

				@Override
				public boolean await(Duration delay) throws InterruptedException {
					if (delays.size() < 7) {
						delays.add(delay);
						if (delays.size() == 7) {
							up(proxy);
						}
						return false;
					}
					return real.await(delay);
				}

				@Override
				public void wake() {
					real.wake();
				}

			};
			try (KioskAgent agent = KioskAgent.builder(config)
				.waiter(recording)
				.random(RandomGenerator.of("L64X128MixRandom"))
				.open()) {
				agent.ensureSequence();
				proxy.down();
				for (String attendee : kiosk.attendees()) {
					agent.checkIn(attendee);
				}
				agent.start();
				await().atMost(Duration.ofSeconds(60)).until(() -> agent.status().pending() == 0);
				assertThat(agent.status().watermark()).isEqualTo(20);
				assertThat(agent.status().lastError()).isNull();
			}
			List<Long> nominal = List.of(2L, 4L, 8L, 16L, 32L, 60L, 60L);
			assertThat(delays).hasSize(7);
			for (int i = 0; i < 7; i++) {
				long seconds = nominal.get(i);
				assertThat(delays.get(i)).isBetween(Duration.ofMillis(seconds * 800), Duration.ofSeconds(seconds));
			}
			assertThat(proxy.forwardedSeqs()).containsExactlyElementsOf(LongStream.rangeClosed(1, 20).boxed().toList());
		}
		assertThat(edge.processed(kiosk.id())).hasSize(20)
			.containsOnlyKeys(LongStream.rangeClosed(1, 20).boxed().toList());
		assertThat(edge.processed(kiosk.id()).values()).containsOnly("APPLIED");
	}

	@Test
	void checkInDuringABackoffWaitTriggersAnImmediateAttempt(@TempDir Path directory) throws Exception {
		EdgeFixture edge = EdgeFixture.get();
		EdgeFixture.Kiosk kiosk = edge.newKiosk("wake", 2);
		try (TlsProxy proxy = new TlsProxy(edge)) {
			// a backoff of ten minutes: only a wake-up can explain a prompt second
			// attempt
			AgentConfig config = AgentConfig.defaults(kiosk.id(), proxy.url(), kiosk.token())
				.withCaFile(edge.caFile())
				.withDatabase(directory.resolve("kiosk.db"))
				.withBackoff(
						new BackoffPolicy(Duration.ofMinutes(10), Duration.ofMinutes(10), 0, Duration.ofMinutes(10)));
			AtomicInteger rounds = new AtomicInteger();
			try (KioskAgent agent = KioskAgent.builder(config).onRound((round) -> rounds.incrementAndGet()).open()) {
				agent.ensureSequence();
				proxy.down();
				agent.checkIn(kiosk.attendees().get(0));
				agent.start();
				await().atMost(Duration.ofSeconds(30)).until(() -> rounds.get() >= 1);
				assertThat(agent.status().pending()).isEqualTo(1);
				proxy.up();
				agent.checkIn(kiosk.attendees().get(1));
				await().atMost(Duration.ofSeconds(30)).until(() -> agent.status().pending() == 0);
				assertThat(agent.status().watermark()).isEqualTo(2);
			}
		}
	}

	private static void up(TlsProxy proxy) {
		try {
			proxy.up();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
