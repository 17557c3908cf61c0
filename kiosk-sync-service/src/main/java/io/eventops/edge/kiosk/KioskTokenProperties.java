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
 */
@Validated
@ConfigurationProperties("eventops.edge.kiosks")
record KioskTokenProperties(@NotNull @PositiveDuration @DefaultValue("30m") Duration retireGrace) {
}
