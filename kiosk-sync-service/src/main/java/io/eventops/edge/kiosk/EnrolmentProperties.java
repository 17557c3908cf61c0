package io.eventops.edge.kiosk;

import java.time.Duration;

import io.eventops.web.validation.PositiveDuration;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How often one client address may try enrolment codes
 * ({@code eventops.edge.enrolment.*}): a token bucket per address in Redis, shared by
 * every edge replica. The burst lets a venue's whole fleet enrol at once from behind one
 * NAT address; the rate keeps guessing a 50-bit code hopeless.
 *
 * @param rateLimited whether attempts are limited
 * @param burst attempts an address may make at once
 * @param perMinute attempts per minute after the burst
 * @param cleanupInterval how often codes used or expired more than a day ago are deleted
 * ({@link EnrolmentCleanup}, one replica at a time)
 */
@Validated
@ConfigurationProperties("eventops.edge.enrolment")
record EnrolmentProperties(@DefaultValue("true") boolean rateLimited, @Positive @DefaultValue("200") int burst,
		@Positive @DefaultValue("60") int perMinute,
		@NotNull @PositiveDuration @DefaultValue("1h") Duration cleanupInterval) {
}
