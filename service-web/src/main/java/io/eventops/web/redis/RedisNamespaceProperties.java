package io.eventops.web.redis;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The namespace of a service's Redis keys, the same property in every service.
 *
 * @param keyPrefix prefix of every key; empty in production so that keys carry the names
 * the runbooks use, set by tests so that contexts sharing one Redis never see each
 * other's keys. It never contains a brace, so the first {@code {…}} of a key stays its
 * Redis Cluster hash tag.
 */
@Validated
@ConfigurationProperties("eventops.redis")
public record RedisNamespaceProperties(
		@NotNull @Pattern(regexp = "[A-Za-z0-9_.:-]*") @DefaultValue("") String keyPrefix) {
}
