package io.eventops.edge.passthrough;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import io.eventops.edge.forward.ReconcilerLinkProperties;
import io.eventops.edge.security.SecurityProperties;
import io.eventops.edge.web.EdgeException;

import org.springframework.stereotype.Component;
import org.springframework.web.util.UriUtils;

/**
 * Asks the reconciler's {@code POST /internal/v1/events/{eventId}/admission-check} within
 * the admission check's own short budget. Neither the flush's retry nor its circuit
 * breaker is in the way: a slow or absent answer is this question's unavailability only,
 * and must not open the breaker that every kiosk's flush shares (invariant 11); the kiosk
 * decides from its cache instead, and asking again is harmless (the check changes
 * nothing).
 */
@Component
class AdmissionChecks {

	private final HttpClient http;

	private final String base;

	private final String token;

	private final AdmissionCheckProperties properties;

	AdmissionChecks(ReconcilerLinkProperties link, AdmissionCheckProperties properties, SecurityProperties security) {
		this.http = HttpClient.newBuilder()
			.connectTimeout(properties.timeout())
			.version(HttpClient.Version.HTTP_1_1)
			.build();
		String url = link.baseUrl().toString();
		this.base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
		this.token = security.internalToken();
		this.properties = properties;
	}

	/**
	 * Asks the reconciler.
	 * @param eventId the kiosk's event
	 * @param body the question as JSON
	 * @return the reconciler's answer, a 200 or a problem about this question (a 4xx
	 * other than 401 and 403)
	 * @throws EdgeException 503 with {@code Retry-After} when no such answer came in time
	 */
	ReconcilerPassThrough.Answer ask(String eventId, String body) {
		return send("/internal/v1/events/" + segment(eventId) + "/admission-check", body);
	}

	/**
	 * Asks the reconciler to renew a kiosk's admission allowance ({@code POST
	 * /internal/v1/events/{eventId}/areas/{areaId}/allowances}), within the same budget:
	 * without an answer the kiosk keeps the allowance it has.
	 * @param eventId the kiosk's event
	 * @param areaId the kiosk's area
	 * @param body the request as JSON
	 * @return the reconciler's answer, a 200 or a problem about this request
	 * @throws EdgeException 503 with {@code Retry-After} when no such answer came in time
	 */
	ReconcilerPassThrough.Answer allowance(String eventId, String areaId, String body) {
		return send("/internal/v1/events/" + segment(eventId) + "/areas/" + segment(areaId) + "/allowances", body);
	}

	private static String segment(String value) {
		return UriUtils.encodePathSegment(value, java.nio.charset.StandardCharsets.UTF_8);
	}

	private ReconcilerPassThrough.Answer send(String path, String body) {
		HttpRequest request = HttpRequest.newBuilder(URI.create(this.base + path))
			.timeout(this.properties.timeout())
			.header("Authorization", "Bearer " + this.token)
			.header("Accept", "application/json")
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build();
		try {
			HttpResponse<String> response = this.http.send(request, HttpResponse.BodyHandlers.ofString());
			int status = response.statusCode();
			if (status >= 500 || status == 401 || status == 403 || (status >= 200 && status != 200 && status < 400)) {
				// the reconciler failed or refused the edge itself: nothing the kiosk did
				throw unavailable();
			}
			return new ReconcilerPassThrough.Answer(status,
					response.headers().firstValue("Content-Type").orElse("application/json"), response.body());
		}
		catch (IOException ex) {
			// refused, reset or past the budget (HttpTimeoutException)
			throw unavailable();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw unavailable();
		}
	}

	EdgeException unavailable() {
		return EdgeException.admissionCheckUnavailable(this.properties.retryAfter());
	}

}
