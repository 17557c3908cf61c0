package io.eventops.model.flush;

/**
 * Attendee-typed badge overrides captured at the kiosk (each at most 128 characters).
 *
 * @param displayName the name to print, or {@code null} for the registry's
 * @param company the company to print, or {@code null} for the registry's
 */
public record BadgeOverrides(String displayName, String company) {

	/** Longest override the contract accepts. */
	public static final int MAX_LENGTH = 128;

}
