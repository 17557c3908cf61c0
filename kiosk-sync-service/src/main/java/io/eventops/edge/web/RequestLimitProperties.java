package io.eventops.edge.web;

import java.time.Duration;

import io.eventops.web.validation.PositiveDuration;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How long a request's body may take to arrive ({@code eventops.edge.requests.*}).
 *
 * @param bodyReadTimeout the time from a request's arrival by which its whole body must
 * have been read; a body still arriving then gets 408 and nothing is applied. A kiosk's
 * largest body (1 MiB) takes about 8 s over a 1 Mbit/s venue uplink, so 30 s leaves a
 * slow network room while a client that trickles its body (a stolen token holding a flush
 * slot) is cut off
 */
@Validated
@ConfigurationProperties("eventops.edge.requests")
public record RequestLimitProperties(@NotNull @PositiveDuration @DefaultValue("30s") Duration bodyReadTimeout) {
}
