package io.eventops.agent.simulate;

import java.time.Duration;

import io.eventops.agent.config.Durations;

/**
 * A scripted network cut: every virtual kiosk loses the network at {@code start} after
 * the simulation began, for {@code length}.
 *
 * @param start when the cut begins, from the start of the simulation
 * @param length how long it lasts
 */
public record Outage(Duration start, Duration length) {

	/**
	 * Parses {@code START+LENGTH}, e.g. {@code 10s+30s}.
	 * @param text the text
	 * @return the outage
	 */
	public static Outage parse(String text) {
		int plus = (text != null) ? text.indexOf('+') : -1;
		if (plus < 0) {
			throw new IllegalArgumentException("an outage is START+LENGTH, e.g. 10s+30s, not '" + text + "'");
		}
		return new Outage(Durations.parse("outage start", text.substring(0, plus)),
				Durations.parse("outage length", text.substring(plus + 1)));
	}

	/**
	 * When the network comes back.
	 * @return start plus length
	 */
	public Duration end() {
		return this.start.plus(this.length);
	}

}
