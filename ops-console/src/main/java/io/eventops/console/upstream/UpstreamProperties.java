package io.eventops.console.upstream;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

import io.eventops.web.validation.PositiveDuration;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Where the console finds the services and how long it waits for them.
 *
 * @param reconcilerUrl base URL of the reconciler's API (attendees, corrections, areas,
 * quarantine)
 * @param printOrchestratorUrl base URL of the print orchestrator's API (printers, print
 * jobs, dispatch)
 * @param edgeUrl base URL of the edge's API (kiosks, enrolments); HTTPS
 * @param edgeCaFile PEM file of the certificates to trust for the edge's TLS besides the
 * JDK's (the local stack's self-signed one), or none
 * @param connectTimeout how long a connection to a service may take; short, so that a
 * service that is down shows as such on the page within seconds
 * @param readTimeout how long a service may take to answer; a failover or a reprint
 * answers within seconds, more means it is stuck
 * @param eventId the event the page shows by default (areas), or none: the user types one
 */
@Validated
@ConfigurationProperties("eventops.console")
public record UpstreamProperties(@NotNull @Pattern(regexp = URL, message = URL_MESSAGE) String reconcilerUrl,
		@NotNull @Pattern(regexp = URL, message = URL_MESSAGE) String printOrchestratorUrl,
		@NotNull @Pattern(regexp = URL, message = URL_MESSAGE) String edgeUrl, Path edgeCaFile,
		@NotNull @PositiveDuration @DefaultValue("3s") Duration connectTimeout,
		@NotNull @PositiveDuration @DefaultValue("15s") Duration readTimeout,
		@Pattern(regexp = "[A-Za-z0-9_.:-]{1,64}") String eventId) {

	static final String URL = "https?://[^/?#\\s]+/?";

	static final String URL_MESSAGE = "must be a base URL: http(s)://host[:port], no path";

	URI reconciler() {
		return URI.create(this.reconcilerUrl);
	}

	URI printOrchestrator() {
		return URI.create(this.printOrchestratorUrl);
	}

	URI edge() {
		return URI.create(this.edgeUrl);
	}

}
