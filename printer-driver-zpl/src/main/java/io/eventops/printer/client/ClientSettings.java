package io.eventops.printer.client;

import java.time.Duration;
import java.util.Objects;

/**
 * Socket timeouts of the printer client.
 *
 * @param connectTimeout how long to wait for a TCP connection
 * @param readTimeout how long to wait for a complete status reply; also how long a
 * printer that stays silent to {@code ~HS} (an error state) delays the {@code ~HQES}
 * fallback
 */
public record ClientSettings(Duration connectTimeout, Duration readTimeout) {

	/** Two seconds each. */
	public static final ClientSettings DEFAULTS = new ClientSettings(Duration.ofSeconds(2), Duration.ofSeconds(2));

	public ClientSettings {
		requirePositive(connectTimeout, "connectTimeout");
		requirePositive(readTimeout, "readTimeout");
	}

	static void requirePositive(Duration duration, String name) {
		Objects.requireNonNull(duration, name);
		if (duration.isNegative() || duration.isZero()) {
			throw new IllegalArgumentException(name + " must be positive");
		}
	}

}
