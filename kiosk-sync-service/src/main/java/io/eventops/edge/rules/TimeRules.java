package io.eventops.edge.rules;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.eventops.model.flush.Flag;
import io.eventops.model.flush.FlushEntry;

/**
 * Checks entries by the time rules on capture and queue time, with {@code queuedAt}
 * clamped to the server's now; the time of delivery is never read (invariant 5), so a
 * long outage drained in one burst is neither stale, nor a rate anomaly, nor a double
 * tap. Every rule holds for every entry kind (issue #35): staleness and skew are about
 * the device's log and clock, the rate about what a kiosk can scan; a double tap is two
 * entries of one kind, so an exit or a refusal right after an admission is none.
 */
public final class TimeRules {

	private static final Duration MINUTE = Duration.ofMinutes(1);

	private final RuleSettings settings;

	private final Clock clock;

	private final CaptureStore history;

	/**
	 * Rules that remember captures in this JVM only (tests, a single edge).
	 * @param settings the rules' settings
	 * @param clock the server's clock
	 */
	public TimeRules(RuleSettings settings, Clock clock) {
		this(settings, clock, new InMemoryCaptureStore(settings.historyPerKiosk(), settings.historyKiosks()));
	}

	/**
	 * Rules that remember captures in a store every replica shares.
	 * @param settings the rules' settings
	 * @param clock the server's clock
	 * @param history the capture store
	 */
	public TimeRules(RuleSettings settings, Clock clock, CaptureStore history) {
		this.settings = settings;
		this.clock = clock;
		this.history = history;
	}

	/**
	 * Checks one entry of a kiosk.
	 * @param kioskId the kiosk
	 * @param entry a schema-valid entry
	 * @return the verdict
	 */
	public Verdict check(String kioskId, FlushEntry entry) {
		return check(kioskId, List.of(entry)).get(0);
	}

	/**
	 * Checks a batch's schema-valid entries of a kiosk, in the batch's order, against the
	 * kiosk's remembered captures (one read of the store and one write per batch).
	 * @param kioskId the kiosk
	 * @param entries the entries
	 * @return one verdict per entry, in the same order
	 */
	public List<Verdict> check(String kioskId, List<FlushEntry> entries) {
		Instant now = this.clock.instant();
		Verdict[] verdicts = new Verdict[entries.size()];
		Instant earliest = null;
		Instant latest = null;
		for (int i = 0; i < entries.size(); i++) {
			FlushEntry entry = entries.get(i);
			if (isStale(entry, now)) {
				// checked first and returned early: a replayed log must neither spend the
				// kiosk's rate budget nor plant double-tap entries that flag real
				// check-ins
				verdicts[i] = Verdict.stale();
				continue;
			}
			Instant captured = entry.capturedAt().toInstant();
			earliest = (earliest == null || captured.isBefore(earliest)) ? captured : earliest;
			latest = (latest == null || captured.isAfter(latest)) ? captured : latest;
		}
		if (earliest == null) {
			return List.of(verdicts);
		}
		Duration reach = this.settings.doubleTap().limit().compareTo(MINUTE) > 0 ? this.settings.doubleTap().limit()
				: MINUTE;
		// the fresh entries are what the history remembers of this batch, whatever their
		// flags: read and added in one call (one round trip to Redis, issue #39)
		List<CaptureStore.Capture> added = new ArrayList<>();
		for (int i = 0; i < entries.size(); i++) {
			if (verdicts[i] == null) {
				FlushEntry entry = entries.get(i);
				added.add(new CaptureStore.Capture(entry.seq(), entry.attendeeId(), entry.capturedAt().toInstant(),
						entry.type()));
			}
		}
		List<CaptureStore.Capture> known = this.history.betweenThenAdd(kioskId, earliest.minus(reach),
				latest.plus(reach), added);
		CaptureHistory.KioskCaptures captures = CaptureHistory.of(known, known.size() + entries.size() + 1);
		for (int i = 0; i < entries.size(); i++) {
			if (verdicts[i] == null) {
				verdicts[i] = checkFresh(entries.get(i), now, captures);
			}
		}
		return List.of(verdicts);
	}

	private boolean isStale(FlushEntry entry, Instant now) {
		// a kiosk clock running ahead must not make an entry look fresher than possible
		Instant queued = entry.queuedAt().toInstant().isAfter(now) ? now : entry.queuedAt().toInstant();
		Duration age = Duration.between(entry.capturedAt().toInstant(), queued);
		return this.settings.staleReplay().enabled() && age.compareTo(this.settings.staleReplay().limit()) > 0;
	}

	private Verdict checkFresh(FlushEntry entry, Instant now, CaptureHistory.KioskCaptures captures) {
		Instant captured = entry.capturedAt().toInstant();
		Instant queued = entry.queuedAt().toInstant().isAfter(now) ? now : entry.queuedAt().toInstant();
		Duration age = Duration.between(captured, queued);
		List<Flag> flags = new ArrayList<>();
		if (this.settings.clockSkew().enabled() && age.negated().compareTo(this.settings.clockSkew().limit()) > 0) {
			flags.add(Flag.CLOCK_SKEW);
		}
		if (this.settings.ratePerMinute().enabled()
				&& captures.countWithin(captured.minus(MINUTE), captured, entry.seq())
						+ 1 > this.settings.ratePerMinute().perMinute()) {
			flags.add(Flag.RATE_ANOMALY);
		}
		if (this.settings.doubleTap().enabled() && captures.tapped(entry.attendeeId(), entry.type(), captured,
				this.settings.doubleTap().limit(), entry.seq())) {
			flags.add(Flag.DOUBLE_TAP);
		}
		captures.record(entry.seq(), entry.attendeeId(), entry.type(), captured);
		return new Verdict(false, flags);
	}

	/**
	 * How far ahead of its queueing an entry's capture may be before it is flagged
	 * {@code CLOCK_SKEW}: the kiosk clock offset ops are warned of too (issue #37).
	 * @return the limit, or {@code null} when the rule is off
	 */
	public Duration clockSkewLimit() {
		return this.settings.clockSkew().enabled() ? this.settings.clockSkew().limit() : null;
	}

}
