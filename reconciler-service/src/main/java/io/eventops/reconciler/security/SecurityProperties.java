package io.eventops.reconciler.security;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Credentials of the reconciler's callers.
 *
 * @param opsPassword password of user {@code ops}; locked when empty (a random password
 * nobody is shown)
 * @param adminPassword password of user {@code admin}; locked when empty (a random
 * password nobody is shown)
 * @param internalToken the bearer token the edge presents on the internal API (at least
 * 16 characters; required, since the edge must be configured with the same value)
 */
@Validated
@ConfigurationProperties("eventops.security")
record SecurityProperties(@NotNull @DefaultValue("") String opsPassword,
		@NotNull @DefaultValue("") String adminPassword, @NotNull @Size(min = 16,
				message = "must be set to the token the edge uses (at least 16 characters)") String internalToken) {
}
