package io.eventops.web.admission;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An admission lane's limit grows while its work is fast and the lane busy, drops when
 * the work gets slower than the target or is dropped, stays between its bounds, and parks
 * what is over it until a permit is released or the wait runs out.
 */
class AdmissionLaneTests {

	private final AtomicLong clock = new AtomicLong();

	private final MeterRegistry registry = new SimpleMeterRegistry();

	private final AdmissionLane lane = new AdmissionLane("test",
			new AdmissionLimitProperties(true, true, 1, 1, 4, Duration.ofMillis(100)), this.registry, this.clock::get);

	@Test
	void theLimitGrowsWhileTheWorkIsFastAndNeverAboveItsMax() {
		assertThat(this.lane.limit()).isEqualTo(1);
		for (int round = 0; round < 10; round++) {
			work(this.lane.limit(), Duration.ofMillis(10));
		}
		assertThat(this.lane.limit()).isEqualTo(4);
		assertThat(gauge("eventops.admission.limit")).isEqualTo(4);
	}

	@Test
	void theLimitDropsWhenTheWorkGetsSlowerThanTheTargetAndNeverBelowItsMin() {
		for (int round = 0; round < 10; round++) {
			work(this.lane.limit(), Duration.ofMillis(10));
		}
		assertThat(this.lane.limit()).isEqualTo(4);
		work(1, Duration.ofMillis(250));
		assertThat(this.lane.limit()).isEqualTo(3);
		for (int round = 0; round < 10; round++) {
			work(1, Duration.ofMillis(250));
		}
		assertThat(this.lane.limit()).isEqualTo(1);
		// and back up once the work is fast again
		for (int round = 0; round < 10; round++) {
			work(this.lane.limit(), Duration.ofMillis(10));
		}
		assertThat(this.lane.limit()).isEqualTo(4);
	}

	@Test
	void droppedWorkLowersTheLimitAndIgnoredWorkLeavesIt() {
		for (int round = 0; round < 10; round++) {
			work(this.lane.limit(), Duration.ofMillis(10));
		}
		try (AdmissionLane.Permit permit = this.lane.enter(Duration.ZERO).orElseThrow()) {
			permit.ignore();
		}
		assertThat(this.lane.limit()).isEqualTo(4);
		try (AdmissionLane.Permit permit = this.lane.enter(Duration.ZERO).orElseThrow()) {
			permit.dropped();
		}
		assertThat(this.lane.limit()).isEqualTo(3);
	}

	@Test
	void workOverTheLimitWaitsForAReleaseOrGivesUp() throws Exception {
		AdmissionLane.Permit held = this.lane.enter(Duration.ZERO).orElseThrow();
		assertThat(gauge("eventops.admission.in-flight")).isEqualTo(1);

		assertThat(this.lane.enter(Duration.ofMillis(50))).isEmpty();
		assertThat(this.registry.get("eventops.admission.rejected").tag("lane", "test").counter().count()).isEqualTo(1);

		CompletableFuture<Optional<AdmissionLane.Permit>> waiter = CompletableFuture
			.supplyAsync(() -> this.lane.enter(Duration.ofSeconds(30)));
		Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> this.lane.waiting() == 1);
		assertThat(waiter).isNotDone();
		held.close();
		AdmissionLane.Permit next = waiter.get(10, TimeUnit.SECONDS).orElseThrow();
		assertThat(this.lane.inFlight()).isEqualTo(1);
		next.close();
		assertThat(this.lane.inFlight()).isZero();
	}

	@Test
	void workThatCameLaterDoesNotPassAWaiter() throws Exception {
		AdmissionLane fifo = new AdmissionLane("fifo",
				new AdmissionLimitProperties(true, false, 1, 1, 1, Duration.ofMillis(100)), this.registry,
				this.clock::get);
		AdmissionLane.Permit held = fifo.enter(Duration.ZERO).orElseThrow();
		CompletableFuture<Optional<AdmissionLane.Permit>> waiter = CompletableFuture
			.supplyAsync(() -> fifo.enter(Duration.ofSeconds(30)));
		Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> fifo.waiting() == 1);

		// the permit released while someone waits is the waiter's, not the next comer's
		held.close();
		assertThat(fifo.enter(Duration.ZERO)).isEmpty();
		AdmissionLane.Permit first = waiter.get(10, TimeUnit.SECONDS).orElseThrow();
		assertThat(fifo.inFlight()).isEqualTo(1);
		first.close();
		assertThat(fifo.enter(Duration.ZERO)).isPresent();
	}

	@Test
	void aFixedLaneStaysAtItsMaxAndAnOffLaneAdmitsEverything() {
		AdmissionLane fixed = new AdmissionLane("fixed",
				new AdmissionLimitProperties(true, false, 1, 1, 3, Duration.ofMillis(100)), this.registry,
				this.clock::get);
		for (int round = 0; round < 5; round++) {
			work(fixed, 1, Duration.ofSeconds(1));
		}
		assertThat(fixed.limit()).isEqualTo(3);

		AdmissionLane off = new AdmissionLane("off",
				new AdmissionLimitProperties(false, true, 1, 1, 1, Duration.ofMillis(100)), this.registry);
		List<AdmissionLane.Permit> permits = new ArrayList<>();
		for (int i = 0; i < 100; i++) {
			permits.add(off.enter(Duration.ZERO).orElseThrow());
		}
		assertThat(off.inFlight()).isZero();
	}

	@Test
	void theDefaultMaxIsTheCoresAvailable() {
		AdmissionLimitProperties defaults = new AdmissionLimitProperties(true, true, 1, 1, 0, Duration.ofMillis(500));
		assertThat(defaults.effectiveMaxLimit()).isEqualTo(Runtime.getRuntime().availableProcessors());
	}

	private void work(int concurrent, Duration each) {
		work(this.lane, concurrent, each);
	}

	// admits that many at once, lets the time pass, releases them
	private void work(AdmissionLane target, int concurrent, Duration each) {
		List<AdmissionLane.Permit> permits = new ArrayList<>();
		for (int i = 0; i < concurrent; i++) {
			permits.add(target.enter(Duration.ZERO).orElseThrow());
		}
		this.clock.addAndGet(each.toNanos());
		permits.forEach(AdmissionLane.Permit::close);
	}

	private double gauge(String name) {
		return this.registry.get(name).tag("lane", "test").gauge().value();
	}

}
