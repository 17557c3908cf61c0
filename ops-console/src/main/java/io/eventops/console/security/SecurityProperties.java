package io.eventops.console.security;

import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The suite's accounts, configured as the services configure them.
 *
 * @param opsPassword password of user {@code ops}; locked when empty (a random password
 * nobody is shown)
 * @param adminPassword password of user {@code admin}; locked when empty
 */
@Validated
@ConfigurationProperties("eventops.security")
record SecurityProperties(@NotNull @DefaultValue("") String opsPassword,
		@NotNull @DefaultValue("") String adminPassword) {
}
