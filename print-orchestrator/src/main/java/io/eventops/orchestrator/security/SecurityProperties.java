package io.eventops.orchestrator.security;

import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Credentials of the orchestrator's callers.
 *
 * @param opsPassword password of user {@code ops}; locked when empty (a random password
 * nobody is shown)
 * @param adminPassword password of user {@code admin}; locked when empty (a random
 * password nobody is shown)
 * @param internalToken the bearer token the edge presents on {@code /internal/**} (the
 * same value as the edge's and the reconciler's); empty refuses every internal call
 */
@Validated
@ConfigurationProperties("eventops.security")
record SecurityProperties(@NotNull @DefaultValue("") String opsPassword,
		@NotNull @DefaultValue("") String adminPassword, @NotNull @DefaultValue("") String internalToken) {

	SecurityProperties {
		if (internalToken != null && !internalToken.isEmpty() && internalToken.length() < 16) {
			throw new IllegalArgumentException("eventops.security.internal-token must be at least 16 characters");
		}
	}

}
