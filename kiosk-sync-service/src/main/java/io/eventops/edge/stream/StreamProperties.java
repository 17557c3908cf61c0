package io.eventops.edge.stream;

import java.time.Duration;

import io.eventops.web.validation.PositiveDuration;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Limits and waits of kiosk caches' long polls and streams
 * ({@code eventops.edge.streams.*}). The limits are per edge replica: they protect this
 * replica's connections and memory.
 *
 * @param perKiosk long polls and streams one kiosk may hold open at once on this replica
 * (a cache needs one; the second covers a reconnect while the old connection is not yet
 * seen dead)
 * @param total long polls and streams this replica holds open at once, all kiosks
 * together
 * @param retryAfter what a refused kiosk is told to wait
 * @param safetyPoll how long a waiting request trusts the change notifications before it
 * asks the reconciler anyway: a lost notification delays a change by at most this
 */
@Validated
@ConfigurationProperties("eventops.edge.streams")
public record StreamProperties(@Min(1) @Max(100) @DefaultValue("2") int perKiosk,
		@Min(1) @Max(100_000) @DefaultValue("2000") int total,
		@NotNull @PositiveDuration @DefaultValue("5s") Duration retryAfter,
		@NotNull @PositiveDuration(min = "100ms") @DefaultValue("5s") Duration safetyPoll) {

	public StreamProperties {
		if (perKiosk > total) {
			throw new IllegalArgumentException("eventops.edge.streams.per-kiosk must not exceed total");
		}
	}

}
