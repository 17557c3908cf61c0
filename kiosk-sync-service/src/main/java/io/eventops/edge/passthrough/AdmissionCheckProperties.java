package io.eventops.edge.passthrough;

import java.time.Duration;

import io.eventops.web.validation.PositiveDuration;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The online admission check's link to the reconciler
 * ({@code eventops.edge.admission-check.*}, issue #35): a budget of its own, far shorter
 * than a flush's, because a person stands at the door and the kiosk decides from its
 * cache when no answer comes in time (docs/access-control.md).
 *
 * @param timeout longest wait for the reconciler's answer, connection included (300 ms:
 * the reconciler's p99 on the idle suite is under 100 ms, and a kiosk that waits longer
 * than a moment keeps a queue at the door for an answer its cache gives at once)
 * @param retryAfter what a kiosk is told to wait when the reconciler did not answer
 */
@Validated
@ConfigurationProperties("eventops.edge.admission-check")
public record AdmissionCheckProperties(@NotNull @PositiveDuration @DefaultValue("300ms") Duration timeout,
		@NotNull @PositiveDuration @DefaultValue("2s") Duration retryAfter) {

	public AdmissionCheckProperties {
		if (timeout != null && timeout.compareTo(Duration.ofSeconds(10)) > 0) {
			throw new IllegalArgumentException(
					"eventops.edge.admission-check.timeout must be at most 10s: a person waits at the door");
		}
	}

}
