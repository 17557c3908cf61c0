package io.eventops.edge.passthrough;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import io.eventops.edge.forward.ReconcilerLinkProperties;
import io.eventops.edge.security.SecurityProperties;
import io.eventops.edge.web.EdgeException;

import org.springframework.stereotype.Component;

/**
 * Calls the reconciler's internal read and redemption endpoints and hands back status,
 * content type and body unchanged, so its problems (404 unknown-code, 409 in-flight…)
 * reach the kiosk as they are; an unreachable reconciler is a 503 with
 * {@code Retry-After}.
 */
@Component
class ReconcilerPassThrough {

	private final HttpClient http;

	private final URI base;

	private final String token;

	private final Duration readTimeout;

	private final Duration retryAfter;

	ReconcilerPassThrough(ReconcilerLinkProperties properties, SecurityProperties security) {
		this.http = HttpClient.newBuilder()
			.connectTimeout(properties.connectTimeout())
			.version(HttpClient.Version.HTTP_1_1)
			.build();
		String url = properties.baseUrl().toString();
		this.base = URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
		this.token = security.internalToken();
		this.readTimeout = properties.readTimeout();
		this.retryAfter = properties.retryAfter();
	}

	// every call is answered at once: long polls and streams wait on the edge
	Answer get(String pathAndQuery) {
		return send(request(pathAndQuery).GET());
	}

	Answer post(String path, String json) {
		return send(request(path).header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json)));
	}

	private HttpRequest.Builder request(String path) {
		return HttpRequest.newBuilder(URI.create(this.base + path))
			.timeout(this.readTimeout)
			.header("Authorization", "Bearer " + this.token)
			.header("Accept", "application/json");
	}

	private Answer send(HttpRequest.Builder request) {
		try {
			HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() >= 500 || response.statusCode() == 401 || response.statusCode() == 403) {
				// the reconciler failed or refused the edge itself: nothing the kiosk did
				throw EdgeException.unavailable(this.retryAfter);
			}
			return new Answer(response.statusCode(),
					response.headers().firstValue("Content-Type").orElse("application/json"), response.body());
		}
		catch (IOException ex) {
			throw EdgeException.unavailable(this.retryAfter);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw EdgeException.unavailable(this.retryAfter);
		}
	}

	/**
	 * The reconciler's answer.
	 *
	 * @param status the HTTP status
	 * @param contentType its content type (JSON or problem JSON)
	 * @param body the body
	 */
	record Answer(int status, String contentType, String body) {
	}

}
