package io.eventops.edge.forward;

import java.net.URI;
import java.time.Duration;

import io.eventops.web.admission.AdmissionLimitProperties;
import io.eventops.web.validation.PositiveDuration;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The edge's link to the reconciler ({@code eventops.edge.reconciler.*}): where it is,
 * and the timeouts, retries, circuit breaker and bulkheads the edge forwards batches
 * with.
 *
 * @param baseUrl the reconciler's base URL
 * @param connectTimeout longest wait for a connection
 * @param readTimeout longest wait for the reconciler's answer to one attempt
 * @param maxAttempts attempts per batch, the first included (a retry is safe: the
 * reconciler is idempotent per key, invariant 1)
 * @param retryWait wait before the first retry, doubled for every further one
 * @param retryAfter what a kiosk is told to wait when the reconciler is unavailable
 * @param breakerWaitInOpenState how long an open circuit breaker refuses calls
 * @param backlog the admission lane of backlog batches: how many are forwarded at once, a
 * limit that adapts to the reconciler's latency and stays below the cores (issue #39);
 * more wait (a reconnect storm must queue at the edge, not pile up as timed-out calls on
 * the reconciler)
 * @param maxQueueWait how long a batch waits for a free slot before the kiosk gets a 503
 * @param liveMaxEntries batches of at most this many entries take the live lane: an
 * online kiosk's check-in, not an outage backlog (0: no live lane, every batch waits in
 * the one bulkhead)
 * @param liveConcurrentCalls live batches forwarded at once, beside the {@code backlog}
 * ones
 */
@Validated
@ConfigurationProperties("eventops.edge.reconciler")
public record ReconcilerLinkProperties(@NotNull @DefaultValue("http://localhost:8081") URI baseUrl,
		@NotNull @PositiveDuration @DefaultValue("2s") Duration connectTimeout,
		@NotNull @PositiveDuration @DefaultValue("15s") Duration readTimeout,
		@Min(1) @Max(10) @DefaultValue("3") int maxAttempts,
		@NotNull @PositiveDuration @DefaultValue("200ms") Duration retryWait,
		@NotNull @PositiveDuration @DefaultValue("5s") Duration retryAfter,
		@NotNull @PositiveDuration @DefaultValue("10s") Duration breakerWaitInOpenState,
		@Valid @NotNull @DefaultValue AdmissionLimitProperties backlog,
		@NotNull @PositiveDuration @DefaultValue("20s") Duration maxQueueWait,
		@Min(0) @Max(500) @DefaultValue("20") int liveMaxEntries,
		@Min(1) @Max(64) @DefaultValue("2") int liveConcurrentCalls) {

	/**
	 * Whether a batch takes the live lane.
	 * @param entries the batch's entries
	 * @return {@code true} for a small batch when the lane is on
	 */
	public boolean live(int entries) {
		return entries <= this.liveMaxEntries;
	}

	public ReconcilerLinkProperties {
		if (baseUrl != null && !("http".equals(baseUrl.getScheme()) || "https".equals(baseUrl.getScheme()))) {
			throw new IllegalArgumentException("eventops.edge.reconciler.base-url must be an http(s) URL");
		}
	}

}
