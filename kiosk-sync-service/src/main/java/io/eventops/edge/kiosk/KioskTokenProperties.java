package io.eventops.edge.kiosk;

import java.time.Duration;

import io.eventops.web.validation.PositiveDuration;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How long a kiosk's token outlives its retirement or rotation
 * ({@code eventops.edge.kiosks.*}, issue #37); a bad value stops startup naming the
 * property.
 *
 * @param retireGrace how long a kiosk revoked with {@code RETIRE} keeps flushing: 30
 * minutes by default, long enough for a kiosk carried to the store room to come back
 * online once and drain its log
 * @param rotationGrace how long a kiosk's old token stays valid after the kiosk first
 * used a new one: 10 minutes by default, many times a kiosk's 30 s heartbeat, so that its
 * requests in flight with the old token are answered
 * @param rotationMaxPending how long a kiosk's old token stays valid after the edge first
 * delivered a new one that the kiosk has not used: 7 days by default, longer than a venue
 * outage, so that a kiosk whose answers carrying the new token all got lost is never
 * locked out with entries on it; past it the old token stops
 */
@Validated
@ConfigurationProperties("eventops.edge.kiosks")
record KioskTokenProperties(@NotNull @PositiveDuration @DefaultValue("30m") Duration retireGrace,
		@NotNull @PositiveDuration @DefaultValue("10m") Duration rotationGrace,
		@NotNull @PositiveDuration @DefaultValue("7d") Duration rotationMaxPending) {
}
