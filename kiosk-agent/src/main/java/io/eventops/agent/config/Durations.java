package io.eventops.agent.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses durations as operators type them: {@code 500ms}, {@code 30s}, {@code 5m},
 * {@code 24h}, {@code 7d}, or ISO-8601 such as {@code PT30S}.
 */
public final class Durations {

	private static final Pattern SIMPLE = Pattern.compile("(\\d+)(ms|s|m|h|d)");

	private Durations() {
	}

	/**
	 * Parses a duration.
	 * @param name the setting's name, for the error
	 * @param text the text
	 * @return the duration
	 * @throws IllegalArgumentException when it is not a duration
	 */
	public static Duration parse(String name, String text) {
		String value = (text != null) ? text.trim().toLowerCase(Locale.ROOT) : "";
		Matcher simple = SIMPLE.matcher(value);
		if (simple.matches()) {
			long amount = Long.parseLong(simple.group(1));
			return switch (simple.group(2)) {
				case "ms" -> Duration.ofMillis(amount);
				case "s" -> Duration.ofSeconds(amount);
				case "m" -> Duration.ofMinutes(amount);
				case "h" -> Duration.ofHours(amount);
				default -> Duration.ofDays(amount);
			};
		}
		try {
			return Duration.parse(value.toUpperCase(Locale.ROOT));
		}
		catch (DateTimeParseException ex) {
			throw new IllegalArgumentException(
					name + " must be a duration such as 500ms, 30s, 5m, 24h or PT30S, not '" + text + "'");
		}
	}

}
