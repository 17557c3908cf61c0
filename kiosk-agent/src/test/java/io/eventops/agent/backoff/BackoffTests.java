package io.eventops.agent.backoff;

import java.time.Duration;
import java.util.List;
import java.util.random.RandomGenerator;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The retry schedule: 2 s doubling to a 60 s cap, jitter below the nominal delay,
 * {@code Retry-After} honoured, and a wait a wake-up cuts short.
 */
class BackoffTests {

	private final Backoff backoff = new Backoff(BackoffPolicy.defaults(), RandomGenerator.of("L64X128MixRandom"));

	@Test
	void delaysStartAtTwoSecondsDoubleAndCapAtSixty() {
		List<Long> nominal = List.of(2L, 4L, 8L, 16L, 32L, 60L, 60L, 60L);
		for (int failures = 0; failures < nominal.size(); failures++) {
			assertThat(this.backoff.nominal(failures)).isEqualTo(Duration.ofSeconds(nominal.get(failures)));
		}
		assertThat(this.backoff.nominal(200)).isEqualTo(Duration.ofSeconds(60));
	}

	@Test
	void jitterTakesAtMostTwentyPercentOffAndVaries() {
		java.util.Set<Duration> seen = new java.util.HashSet<>();
		for (int i = 0; i < 50; i++) {
			Duration delay = this.backoff.delay(3, null);
			assertThat(delay).isBetween(Duration.ofMillis(12_800), Duration.ofSeconds(16));
			seen.add(delay);
		}
		assertThat(seen).hasSizeGreaterThan(10);
	}

	@Test
	void retryAfterIsHonouredWhenLongerAndCappedWhenAbsurd() {
		assertThat(this.backoff.delay(0, Duration.ofSeconds(30))).isEqualTo(Duration.ofSeconds(30));
		assertThat(this.backoff.delay(5, Duration.ofSeconds(1))).isBetween(Duration.ofSeconds(48),
				Duration.ofSeconds(60));
		assertThat(this.backoff.delay(0, Duration.ofDays(2))).isEqualTo(Duration.ofMinutes(10));
	}

	@Test
	void wakeEndsAWaitAndIsKeptWhenNobodyWaits() throws InterruptedException {
		SignalWaiter waiter = new SignalWaiter();
		waiter.wake();
		assertThat(waiter.await(Duration.ofMinutes(10))).as("a wake-up before the wait is not lost").isTrue();
		java.util.concurrent.atomic.AtomicBoolean woken = new java.util.concurrent.atomic.AtomicBoolean();
		Thread waiting = Thread.ofPlatform().start(() -> {
			try {
				woken.set(waiter.await(Duration.ofMinutes(10)));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		await().until(() -> waiting.getState() == Thread.State.TIMED_WAITING);
		waiter.wake();
		await().atMost(Duration.ofSeconds(5)).until(() -> !waiting.isAlive());
		assertThat(woken).isTrue();
		assertThat(waiter.await(Duration.ofMillis(1))).isFalse();
	}

}
