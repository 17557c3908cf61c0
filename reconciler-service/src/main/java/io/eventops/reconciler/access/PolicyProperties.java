package io.eventops.reconciler.access;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of access control.
 *
 * @param compiledCacheSize how many compiled policy versions a replica keeps (versions
 * are immutable, so a cached one is never stale; a few per event are in use at once)
 */
@Validated
@ConfigurationProperties("eventops.reconciler.policy")
record PolicyProperties(@Min(1) @Max(100_000) @DefaultValue("256") int compiledCacheSize) {
}
