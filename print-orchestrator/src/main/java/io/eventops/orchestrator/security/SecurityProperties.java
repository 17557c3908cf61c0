package io.eventops.orchestrator.security;

import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Credentials of the orchestrator's callers.
 *
 * @param opsPassword password of user {@code ops}; generated and logged when empty
 * @param adminPassword password of user {@code admin}; generated and logged when empty
 */
@Validated
@ConfigurationProperties("eventops.security")
record SecurityProperties(@NotNull @DefaultValue("") String opsPassword,
		@NotNull @DefaultValue("") String adminPassword) {
}
