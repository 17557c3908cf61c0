package io.eventops.edge.rules;

import java.time.Duration;

import io.eventops.web.validation.PositiveDuration;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the time rules ({@code eventops.edge.rules.*}); each rule can be switched
 * off, and a bad value stops startup naming the property.
 *
 * @param staleReplay reject entries queued long after capture
 * @param clockSkew flag entries captured long after they were queued
 * @param rate flag more entries per minute of capture time than a kiosk can take
 * @param doubleTap flag the same attendee on the same kiosk within a short capture window
 * @param history how many recent captures the rate and double-tap rules remember
 */
@Validated
@ConfigurationProperties("eventops.edge.rules")
record RuleProperties(@Valid @NotNull @DefaultValue StaleReplay staleReplay,
		@Valid @NotNull @DefaultValue ClockSkew clockSkew, @Valid @NotNull @DefaultValue Rate rate,
		@Valid @NotNull @DefaultValue DoubleTap doubleTap, @Valid @NotNull @DefaultValue History history) {

	RuleProperties {
		if (history != null && rate != null && history.perKiosk() <= rate.perMinute()) {
			throw new IllegalArgumentException(
					"eventops.edge.rules.history.per-kiosk must exceed eventops.edge.rules.rate.per-minute");
		}
	}

	/**
	 * The settings when nothing is configured: the defaults of this record's components,
	 * the one place they are written.
	 * @return the default settings, every rule on
	 */
	static RuleSettings defaults() {
		return new Binder().bindOrCreate("eventops.edge.rules", RuleProperties.class).settings();
	}

	RuleSettings settings() {
		return new RuleSettings(new RuleSettings.Rule(this.staleReplay.enabled(), this.staleReplay.limit()),
				new RuleSettings.Rule(this.clockSkew.enabled(), this.clockSkew.limit()),
				new RuleSettings.RateRule(this.rate.enabled(), this.rate.perMinute()),
				new RuleSettings.Rule(this.doubleTap.enabled(), this.doubleTap.window()), this.history.perKiosk(),
				this.history.kiosks());
	}

	/**
	 * The stale-replay rule.
	 *
	 * @param enabled whether it runs
	 * @param limit longest accepted time from capture to queue write
	 */
	record StaleReplay(@DefaultValue("true") boolean enabled,
			@NotNull @PositiveDuration @DefaultValue("3m") Duration limit) {
	}

	/**
	 * The clock-skew rule.
	 *
	 * @param enabled whether it runs
	 * @param limit longest accepted time from queue write to a later capture
	 */
	record ClockSkew(@DefaultValue("true") boolean enabled,
			@NotNull @PositiveDuration @DefaultValue("5m") Duration limit) {
	}

	/**
	 * The rate rule.
	 *
	 * @param enabled whether it runs
	 * @param perMinute most entries per kiosk per minute of capture time
	 */
	record Rate(@DefaultValue("true") boolean enabled, @Positive @DefaultValue("120") int perMinute) {
	}

	/**
	 * The double-tap rule.
	 *
	 * @param enabled whether it runs
	 * @param window capture-time window within which the same attendee is a double tap
	 */
	record DoubleTap(@DefaultValue("true") boolean enabled,
			@NotNull @PositiveDuration @DefaultValue("5s") Duration window) {
	}

	/**
	 * The in-memory capture history.
	 *
	 * @param perKiosk captures remembered per kiosk (must exceed the rate limit)
	 * @param kiosks kiosks remembered (least recently flushed are forgotten first)
	 */
	record History(@Positive @DefaultValue("1000") int perKiosk, @Positive @DefaultValue("10000") int kiosks) {
	}

}
