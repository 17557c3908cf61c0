package io.eventops.agent.config;

import java.util.Locale;

/**
 * Parses booleans strictly: {@code true} or {@code false} (any case) and nothing else,
 * because a lenient parser reads a mistyped {@code ture} or a {@code yes} as false and a
 * kiosk then runs with a setting nobody chose.
 */
public final class StrictBoolean {

	private StrictBoolean() {
	}

	/**
	 * Parses a boolean setting.
	 * @param name the setting's name, for the error
	 * @param text the text
	 * @return the value
	 * @throws IllegalArgumentException for anything but true or false
	 */
	public static boolean parse(String name, String text) {
		String value = (text != null) ? text.trim().toLowerCase(Locale.ROOT) : "";
		return switch (value) {
			case "true" -> true;
			case "false" -> false;
			default -> throw new IllegalArgumentException(name + " must be true or false, not '" + text + "'");
		};
	}

}
