package io.eventops.edge.kiosk;

import java.time.Duration;

import io.eventops.web.validation.PositiveDuration;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How long a kiosk's token outlives its retirement ({@code eventops.edge.kiosks.*}, issue
 * #37); a bad value stops startup naming the property.
 *
 * @param retireGrace how long a kiosk revoked with {@code RETIRE} keeps flushing: 30
 * minutes by default, long enough for a kiosk carried to the store room to come back
 * online once and drain its log
 * @param rotationGrace how long a kiosk's old token stays valid after the edge first
 * delivered a new one: 10 minutes by default, many times a kiosk's 30 s heartbeat, so
 * that a lost response is delivered again before the old token stops
 */
@Validated
@ConfigurationProperties("eventops.edge.kiosks")
record KioskTokenProperties(@NotNull @PositiveDuration @DefaultValue("30m") Duration retireGrace,
		@NotNull @PositiveDuration @DefaultValue("10m") Duration rotationGrace) {
}
