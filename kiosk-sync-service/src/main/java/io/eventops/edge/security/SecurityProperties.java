package io.eventops.edge.security;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Credentials of the edge's callers and of the edge towards the reconciler.
 *
 * @param opsPassword password of user {@code ops}; locked when empty (a random password
 * nobody is shown)
 * @param adminPassword password of user {@code admin}; locked when empty (a random
 * password nobody is shown)
 * @param internalToken the bearer token the edge presents on the reconciler's internal
 * API (the reconciler's value; at least 16 characters)
 */
@Validated
@ConfigurationProperties("eventops.security")
public record SecurityProperties(@NotNull @DefaultValue("") String opsPassword,
		@NotNull @DefaultValue("") String adminPassword, @NotNull @Size(min = 16,
				message = "must be set to the reconciler's internal token (at least 16 characters)") String internalToken) {
}
