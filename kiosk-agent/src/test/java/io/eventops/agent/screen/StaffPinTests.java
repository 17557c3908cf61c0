package io.eventops.agent.screen;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The staff PIN's lock-out: five wrong PINs lock the pad, and every further lock-out
 * without a right PIN in between lasts twice as long, so guessing a six-digit PIN takes
 * years, not days.
 */
class StaffPinTests {

	private final MovingClock clock = new MovingClock();

	private final StaffPin pin = new StaffPin("864213", this.clock);

	@Test
	void eachLockOutWithoutARightPinInBetweenLastsTwiceAsLong() {
		assertThat(fiveWrong()).isEqualTo(Duration.ofMinutes(1));
		this.clock.advance(Duration.ofMinutes(1));
		assertThat(fiveWrong()).isEqualTo(Duration.ofMinutes(2));
		this.clock.advance(Duration.ofMinutes(2));
		assertThat(fiveWrong()).isEqualTo(Duration.ofMinutes(4));
		this.clock.advance(Duration.ofMinutes(3));
		StaffPin.Verdict stillLocked = this.pin.check("864213");
		assertThat(stillLocked.accepted()).as("even the right PIN waits out the lock-out").isFalse();
		assertThat(stillLocked.lockedFor()).isEqualTo(Duration.ofMinutes(1));
		this.clock.advance(Duration.ofMinutes(1));
		assertThat(this.pin.check("864213").accepted()).isTrue();
		assertThat(fiveWrong()).as("a right PIN starts over").isEqualTo(Duration.ofMinutes(1));
	}

	@Test
	void theLockOutStopsGrowingAtItsCap() {
		Duration last = null;
		for (int i = 0; i < 20; i++) {
			last = fiveWrong();
			this.clock.advance(last);
		}
		assertThat(last).isEqualTo(StaffPin.MAX_LOCKOUT);
	}

	private Duration fiveWrong() {
		for (int i = 1; i < StaffPin.MAX_FAILURES; i++) {
			StaffPin.Verdict verdict = this.pin.check("000000");
			assertThat(verdict.accepted()).isFalse();
			assertThat(verdict.lockedFor()).isNull();
		}
		StaffPin.Verdict fifth = this.pin.check("000000");
		assertThat(fifth.accepted()).isFalse();
		return fifth.lockedFor();
	}

	/**
	 * A clock the test moves.
	 */
	private static final class MovingClock extends Clock {

		private Instant now = Instant.parse("2026-07-16T09:00:00Z");

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
