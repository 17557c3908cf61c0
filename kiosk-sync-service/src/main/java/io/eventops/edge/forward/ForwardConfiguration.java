package io.eventops.edge.forward;

import java.net.http.HttpClient;
import java.util.function.Predicate;

import io.eventops.edge.security.SecurityProperties;
import io.eventops.web.admission.AdmissionLane;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import io.micrometer.core.instrument.MeterRegistry;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.HttpServerErrorException;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;

/**
 * Wires the reconciler client: a JDK HttpClient with connect and read timeouts, and the
 * plain resilience4j retry and circuit breaker (the Boot 3 autoconfiguration of
 * resilience4j does not target this Boot generation).
 */
@Configuration(proxyBeanMethods = false)
class ForwardConfiguration {

	// Invariant 11: the retry and the breaker are spent on unavailability only. A refused
	// connection never reached the reconciler and a 502/503/504 (overloaded, restarting,
	// behind a proxy) was not applied: both may be retried at once. A read timeout is not
	// retried here: the reconciler may still be working on the batch, and resending it
	// under load only multiplies the load (the kiosk retries later with backoff, and a
	// replay is harmless, invariant 1). A 4xx or a 500 is about this batch, not about
	// the reconciler: retrying it changes nothing, and counting it would let one kiosk's
	// bad batch open the breaker for every kiosk.
	static final Predicate<Throwable> RETRYABLE = (ex) -> isUnavailableStatus(ex)
			|| (ex instanceof ResourceAccessException && causedBy(ex, java.net.ConnectException.class));

	// what the breaker records as a failure: every I/O failure (refused, timed out,
	// reset)
	// and the unavailable statuses; anything else is ignored, neither failure nor success
	static final Predicate<Throwable> UNAVAILABLE = (ex) -> ex instanceof ResourceAccessException
			|| isUnavailableStatus(ex);

	private static boolean isUnavailableStatus(Throwable ex) {
		return ex instanceof HttpServerErrorException server && (server.getStatusCode().value() == 502
				|| server.getStatusCode().value() == 503 || server.getStatusCode().value() == 504);
	}

	private static boolean causedBy(Throwable ex, Class<? extends Throwable> type) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (type.isInstance(cause)) {
				return true;
			}
		}
		return false;
	}

	@Bean
	ReconcilerClient reconcilerClient(RestClient.Builder builder, ReconcilerLinkProperties properties,
			SecurityProperties security, JsonMapper json, MeterRegistry registry) {
		HttpClient http = HttpClient.newBuilder()
			.connectTimeout(properties.connectTimeout())
			.version(HttpClient.Version.HTTP_1_1)
			.build();
		JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory(http);
		factory.setReadTimeout(properties.readTimeout());
		RestClient client = builder.baseUrl(properties.baseUrl().toString())
			.requestFactory(factory)
			.defaultHeader(HttpHeaders.AUTHORIZATION, "Bearer " + security.internalToken())
			.build();
		Retry retry = Retry.of("reconciler",
				RetryConfig.custom()
					.maxAttempts(properties.maxAttempts())
					.intervalFunction(IntervalFunction.ofExponentialBackoff(properties.retryWait(), 2.0))
					.retryOnException(RETRYABLE)
					.build());
		CircuitBreaker breaker = CircuitBreaker.of("reconciler",
				CircuitBreakerConfig.custom()
					.slidingWindowSize(20)
					.minimumNumberOfCalls(10)
					.failureRateThreshold(50)
					.waitDurationInOpenState(properties.breakerWaitInOpenState())
					.permittedNumberOfCallsInHalfOpenState(2)
					.recordException(UNAVAILABLE)
					.ignoreException(UNAVAILABLE.negate())
					.build());
		// backlog batches (issue #39): an adaptive limit, below the cores, instead of a
		// fixed bulkhead; it follows the reconciler's latency, and drops on its sheds and
		// timeouts
		AdmissionLane backlog = new AdmissionLane(ReconcilerClient.BACKLOG_LANE, properties.backlog(), registry);
		// the live lane (issue #24): an online kiosk's few entries never queue behind the
		// 500-entry batches of a reconnect herd; the breaker and the retry stay shared,
		// as they are about the reconciler, not about a batch (invariant 11)
		Bulkhead live = Bulkhead.of("reconciler-live",
				BulkheadConfig.custom()
					.maxConcurrentCalls(properties.liveConcurrentCalls())
					.maxWaitDuration(properties.maxQueueWait())
					.build());
		return new ReconcilerClient(client, retry, breaker, backlog, live, properties, json);
	}

}
