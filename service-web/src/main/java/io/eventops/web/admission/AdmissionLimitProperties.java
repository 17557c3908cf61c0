package io.eventops.web.admission;

import java.time.Duration;

import io.eventops.web.validation.PositiveDuration;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The limit of one admission lane, nested in a service's
 * {@code @Validated @ConfigurationProperties} record under the lane's name (with
 * {@code @Valid}).
 *
 * @param enabled whether the lane limits at all ({@code false}: everything is admitted at
 * once, as before issue #24)
 * @param adaptive whether the limit adapts (AIMD) between {@code min-limit} and
 * {@code max-limit}; {@code false}: fixed at {@code max-limit}
 * @param initialLimit the limit at startup
 * @param minLimit the limit never drops below this
 * @param maxLimit the limit never grows above this; {@code 0}: the cores this JVM sees
 * ({@code availableProcessors()}), so that backlog work alone never takes every core
 * @param latencyTarget work that takes longer than this (or is dropped) lowers the limit
 * by a tenth (at least one); work within it while the lane is at least half used raises
 * it by one
 */
public record AdmissionLimitProperties(@DefaultValue("true") boolean enabled, @DefaultValue("true") boolean adaptive,
		@Min(1) @Max(256) @DefaultValue("1") int initialLimit, @Min(1) @Max(256) @DefaultValue("1") int minLimit,
		@Min(0) @Max(256) @DefaultValue("0") int maxLimit,
		@NotNull @PositiveDuration @DefaultValue("500ms") Duration latencyTarget) {

	public AdmissionLimitProperties {
		if (maxLimit > 0 && minLimit > maxLimit) {
			throw new IllegalArgumentException(
					"min-limit (" + minLimit + ") must not exceed max-limit (" + maxLimit + ")");
		}
		if (initialLimit < minLimit || (maxLimit > 0 && initialLimit > maxLimit)) {
			throw new IllegalArgumentException(
					"initial-limit (" + initialLimit + ") must lie between min-limit and max-limit");
		}
	}

	/**
	 * A limit that does not adapt (tests, and a lane held at a size that was measured).
	 * @param limit the permits
	 * @return the properties
	 */
	public static AdmissionLimitProperties fixed(int limit) {
		return new AdmissionLimitProperties(true, false, 1, 1, limit, Duration.ofMillis(500));
	}

	/**
	 * The upper bound in effect on this JVM.
	 * @return {@code max-limit}, or the cores available when it is {@code 0}, never below
	 * {@code min-limit}
	 */
	public int effectiveMaxLimit() {
		int max = (this.maxLimit > 0) ? this.maxLimit : Runtime.getRuntime().availableProcessors();
		return Math.max(max, this.minLimit);
	}

}
