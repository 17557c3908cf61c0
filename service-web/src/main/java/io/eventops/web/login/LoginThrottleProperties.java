package io.eventops.web.login;

import java.time.Duration;

import io.eventops.web.validation.PositiveDuration;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How many failed HTTP Basic logins one user may make at one client address and from
 * every address together ({@code eventops.security.login-throttle.*}).
 *
 * @param enabled whether failed logins are throttled at all
 * @param maxFailures failed logins a user may make in a row from one address before that
 * user is refused at that address; ten leaves a person who mistypes a password a few
 * tries and stops a guessing script, and other users at the same address (a venue's NAT)
 * are not affected
 * @param maxFailuresPerUser failed logins a user may make in a row from every address
 * together before that user is refused everywhere: caps the guesses spread over many
 * addresses; at least {@code max-failures}
 * @param window the time in which the allowance refills completely (greedily, one
 * failure's worth at a time)
 * @param redisTimeout how long a login waits for Redis before it is let through
 * unthrottled (the throttle fails open: losing Redis must not lock ops out)
 */
@Validated
@ConfigurationProperties("eventops.security.login-throttle")
public record LoginThrottleProperties(@DefaultValue("true") boolean enabled,
		@DefaultValue("10") @Min(1) @Max(10_000) int maxFailures,
		@DefaultValue("50") @Min(1) @Max(1_000_000) int maxFailuresPerUser,
		@NotNull @PositiveDuration @DefaultValue("5m") Duration window,
		@NotNull @PositiveDuration @DefaultValue("2s") Duration redisTimeout) {

	public LoginThrottleProperties {
		if (maxFailuresPerUser < maxFailures) {
			throw new IllegalArgumentException(
					"eventops.security.login-throttle.max-failures-per-user (" + maxFailuresPerUser
							+ ") must be at least eventops.security.login-throttle.max-failures (" + maxFailures + ")");
		}
	}

}
