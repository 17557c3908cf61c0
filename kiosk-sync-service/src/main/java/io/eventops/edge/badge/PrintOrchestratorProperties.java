package io.eventops.edge.badge;

import java.net.URI;
import java.time.Duration;

import io.eventops.web.validation.PositiveDuration;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How the edge reaches the print orchestrator for badge status
 * ({@code eventops.edge.print-orchestrator.*}).
 *
 * @param baseUrl the orchestrator's base URL
 * @param connectTimeout longest wait for a connection
 * @param readTimeout longest wait for the answer: a kiosk polls again soon, so a slow
 * answer is worth less than a quick 503
 * @param retryAfter what a kiosk is told to wait when the orchestrator is unavailable
 */
@Validated
@ConfigurationProperties("eventops.edge.print-orchestrator")
public record PrintOrchestratorProperties(@NotNull @DefaultValue("http://localhost:8082") URI baseUrl,
		@NotNull @PositiveDuration @DefaultValue("2s") Duration connectTimeout,
		@NotNull @PositiveDuration @DefaultValue("3s") Duration readTimeout,
		@NotNull @PositiveDuration @DefaultValue("3s") Duration retryAfter) {

	public PrintOrchestratorProperties {
		if (baseUrl != null && !("http".equals(baseUrl.getScheme()) || "https".equals(baseUrl.getScheme()))) {
			throw new IllegalArgumentException("eventops.edge.print-orchestrator.base-url must be an http(s) URL");
		}
	}

}
