package io.eventops.edge.rules;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.eventops.model.flush.Flag;
import io.eventops.model.flush.FlushEntry;

/**
 * Judges entries by the time rules on capture and queue time, with {@code queuedAt}
 * clamped to the server's now; the time of delivery is never read (invariant 5), so a
 * long outage drained in one burst is neither stale, nor a rate anomaly, nor a double
 * tap.
 */
public final class TimeRules {

	private static final Duration MINUTE = Duration.ofMinutes(1);

	private final RuleSettings settings;

	private final Clock clock;

	private final CaptureHistory history;

	public TimeRules(RuleSettings settings, Clock clock) {
		this.settings = settings;
		this.clock = clock;
		this.history = new CaptureHistory(settings.historyPerKiosk(), settings.historyKiosks());
	}

	/**
	 * Judges one entry of a kiosk; entries of a batch are judged in the batch's order.
	 * @param kioskId the kiosk
	 * @param entry a schema-valid entry
	 * @return the verdict
	 */
	public Verdict judge(String kioskId, FlushEntry entry) {
		Instant captured = entry.capturedAt().toInstant();
		Instant now = this.clock.instant();
		// a kiosk clock running ahead must not make an entry look fresher than possible
		Instant queued = entry.queuedAt().toInstant().isAfter(now) ? now : entry.queuedAt().toInstant();
		Duration age = Duration.between(captured, queued);
		if (this.settings.staleReplay().enabled() && age.compareTo(this.settings.staleReplay().limit()) > 0) {
			// checked first and returned early: a replayed log must neither spend the
			// kiosk's rate budget nor plant double-tap entries that flag real check-ins
			return Verdict.stale();
		}
		List<Flag> flags = new ArrayList<>();
		if (this.settings.clockSkew().enabled() && age.negated().compareTo(this.settings.clockSkew().limit()) > 0) {
			flags.add(Flag.CLOCK_SKEW);
		}
		CaptureHistory.KioskCaptures captures = this.history.of(kioskId);
		synchronized (captures) {
			if (this.settings.ratePerMinute().enabled()
					&& captures.countWithin(captured.minus(MINUTE), captured, entry.seq())
							+ 1 > this.settings.ratePerMinute().perMinute()) {
				flags.add(Flag.RATE_ANOMALY);
			}
			if (this.settings.doubleTap().enabled()
					&& captures.tapped(entry.attendeeId(), captured, this.settings.doubleTap().limit(), entry.seq())) {
				flags.add(Flag.DOUBLE_TAP);
			}
			captures.record(entry.seq(), entry.attendeeId(), captured);
		}
		return new Verdict(false, flags);
	}

}
