package io.eventops.edge.kiosk;

import java.time.Duration;

import io.eventops.web.validation.PositiveDuration;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How the edge keeps kiosks' contacts ({@code eventops.edge.kiosks.*}, issue #37); a bad
 * value stops startup naming the property.
 *
 * @param heartbeatInterval how often an idle kiosk calls (the agent's idle interval, 30 s
 * by default): a kiosk is online while its last contact is younger than twice this
 * @param contactWriteInterval a kiosk's contacts are written to {@code edge.kiosks} at
 * most this often (a flush storm writes one row per kiosk per interval, not one per
 * request)
 */
@Validated
@ConfigurationProperties("eventops.edge.kiosks")
record ContactProperties(@NotNull @PositiveDuration @DefaultValue("30s") Duration heartbeatInterval,
		@NotNull @PositiveDuration @DefaultValue("5s") Duration contactWriteInterval) {
}
