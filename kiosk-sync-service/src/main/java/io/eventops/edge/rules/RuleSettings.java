package io.eventops.edge.rules;

import java.time.Duration;

/**
 * The thresholds of the time rules and whether each is on.
 *
 * @param staleReplay rejects entries queued longer than this after capture
 * @param clockSkew flags entries captured longer than this after they were queued
 * @param ratePerMinute flags entries beyond this many per kiosk per minute of capture
 * time
 * @param doubleTap flags the same attendee on the same kiosk within this much capture
 * time
 * @param historyPerKiosk most recent captures remembered per kiosk
 * @param historyKiosks most kiosks whose captures are remembered
 */
public record RuleSettings(Rule staleReplay, Rule clockSkew, RateRule ratePerMinute, Rule doubleTap,
		int historyPerKiosk, int historyKiosks) {

	/**
	 * A rule with a duration threshold.
	 *
	 * @param enabled whether the rule runs
	 * @param limit its threshold
	 */
	public record Rule(boolean enabled, Duration limit) {
	}

	/**
	 * The rate rule.
	 *
	 * @param enabled whether the rule runs
	 * @param perMinute most entries a kiosk can physically take per minute
	 */
	public record RateRule(boolean enabled, int perMinute) {
	}

}
