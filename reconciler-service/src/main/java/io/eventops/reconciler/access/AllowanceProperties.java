package io.eventops.reconciler.access;

import java.time.Duration;

import io.eventops.web.validation.PositiveDuration;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the escrowed admission allowances (invariant 14).
 *
 * @param lease how long the server holds a kiosk's places after its last grant: a kiosk
 * that never comes back gives them back then; one that comes back later with admissions
 * it had not flushed can take the area over capacity by those (docs/access-control.md)
 */
@Validated
@ConfigurationProperties("eventops.reconciler.allowance")
record AllowanceProperties(@NotNull @PositiveDuration(min = "1m") @DefaultValue("2h") Duration lease) {
}
