package io.eventops.agent.screen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import io.eventops.agent.config.ConfigResolver;
import io.eventops.agent.config.Durations;

/**
 * The settings of {@code kiosk-agent serve}, resolved like every other agent setting
 * (flag &gt; {@code KIOSK_AGENT_*} variable &gt; default) and checked at start, naming
 * the setting that is wrong.
 *
 * @param port the local port of the screen (127.0.0.1 only)
 * @param staffPin the PIN that opens staff mode, 6–12 digits (kept only as a hash by
 * {@link StaffPin})
 * @param idleReset how long a screen waits without input before it asks "still there?"
 * @param language the screen's language at start ({@code en} or {@code de})
 */
public record ScreenSettings(int port, String staffPin, Duration idleReset, String language) {

	/**
	 * The screen's languages; each has a message file under
	 * {@code kiosk-screen/messages}.
	 */
	public static final List<String> LANGUAGES = List.of("en", "de");

	private static final Pattern PIN = Pattern.compile("[0-9]{6,12}");

	public ScreenSettings {
		if (port < 0 || port > 65535) {
			throw new IllegalArgumentException(
					describe("screen-port") + " must be within 1..65535 (0: any free port), not " + port);
		}
		if (staffPin == null) {
			throw new IllegalArgumentException(describe("staff-pin") + " (or " + describe("staff-pin-file")
					+ ") is required: it opens staff mode on the screen");
		}
		if (!PIN.matcher(staffPin).matches()) {
			throw new IllegalArgumentException(describe("staff-pin") + " must be 6 to 12 digits");
		}
		if (idleReset == null || idleReset.compareTo(Duration.ofSeconds(10)) < 0
				|| idleReset.compareTo(Duration.ofMinutes(30)) > 0) {
			throw new IllegalArgumentException(describe("idle-reset") + " must be within 10s..30m");
		}
		if (!LANGUAGES.contains(language)) {
			throw new IllegalArgumentException(describe("language") + " must be one of " + LANGUAGES);
		}
	}

	/**
	 * Resolves the settings.
	 * @param flags flag name (without {@code --}) to value, only for flags given
	 * @param environment the environment
	 * @return the settings
	 * @throws IllegalArgumentException naming the setting when one is missing or wrong
	 */
	public static ScreenSettings resolve(Map<String, String> flags, Map<String, String> environment) {
		String port = ConfigResolver.setting("screen-port", flags, environment);
		int portNumber;
		try {
			portNumber = (port != null) ? Integer.parseInt(port) : 8090;
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(describe("screen-port") + " must be an integer, not '" + port + "'");
		}
		String pin = ConfigResolver.setting("staff-pin", flags, environment);
		String pinFile = ConfigResolver.setting("staff-pin-file", flags, environment);
		if (pin == null && pinFile != null) {
			try {
				pin = Files.readString(Path.of(pinFile), StandardCharsets.UTF_8).strip();
			}
			catch (IOException ex) {
				throw new IllegalArgumentException(describe("staff-pin-file") + " cannot be read: " + ex.getMessage());
			}
		}
		String idle = ConfigResolver.setting("idle-reset", flags, environment);
		Duration idleReset = (idle != null) ? Durations.parse(describe("idle-reset"), idle) : Duration.ofSeconds(60);
		String language = ConfigResolver.setting("language", flags, environment);
		return new ScreenSettings(portNumber, pin, idleReset, (language != null) ? language : "en");
	}

	private static String describe(String name) {
		return "--" + name + " (" + ConfigResolver.environmentName(name) + ")";
	}

	@Override
	public String toString() {
		return "ScreenSettings[port=" + this.port + ", staffPin=****, idleReset=" + this.idleReset + ", language="
				+ this.language + "]";
	}

}
