package io.eventops.printer.client;

import java.time.Duration;

/**
 * How long and how often to poll a printer after sending a format before giving up on
 * confirming it.
 *
 * @param timeout overall time allowed for the label to come out (a last poll may overrun
 * it by one status query)
 * @param pollInterval pause between status polls
 */
public record ConfirmationPolicy(Duration timeout, Duration pollInterval) {

	/** Thirty seconds, polling every 250 ms. */
	public static final ConfirmationPolicy DEFAULTS = new ConfirmationPolicy(Duration.ofSeconds(30),
			Duration.ofMillis(250));

	public ConfirmationPolicy {
		ClientSettings.requirePositive(timeout, "timeout");
		ClientSettings.requirePositive(pollInterval, "pollInterval");
	}

}
