package io.eventops.edge.ratelimit;

import jakarta.validation.constraints.Positive;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * A kiosk's request budget on the kiosk API ({@code eventops.edge.rate-limit.*}).
 *
 * @param enabled whether requests are limited
 * @param requestsPerSecond sustained requests per second per kiosk
 * @param burst requests a kiosk may send at once (after reconnecting, say)
 */
@Validated
@ConfigurationProperties("eventops.edge.rate-limit")
record RateLimitProperties(@DefaultValue("true") boolean enabled, @Positive @DefaultValue("10") int requestsPerSecond,
		@Positive @DefaultValue("20") int burst) {
}
