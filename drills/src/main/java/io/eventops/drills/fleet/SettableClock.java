package io.eventops.drills.fleet;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A kiosk clock that can be set to the past while the outage backlog is recorded (so that
 * {@code queuedAt} is when the kiosk would have written each entry) and follows the real
 * time otherwise.
 */
final class SettableClock extends Clock {

	private volatile Instant fixed;

	void set(Instant instant) {
		this.fixed = instant;
	}

	void followRealTime() {
		this.fixed = null;
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
		Instant at = this.fixed;
		return (at != null) ? at : Instant.now();
	}

}
