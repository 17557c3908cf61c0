package io.eventops.orchestrator.web;

import io.eventops.web.openapi.ApiDocuments;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import org.springdoc.core.customizers.OpenApiCustomizer;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The print orchestrator's OpenAPI 3.1 document (committed as
 * {@code docs/openapi/print-orchestrator.json}): printers, failover, dispatch and the
 * print ledger for ops and admins, with the problems each endpoint answers, served with
 * its UI on the management port only (service-web's ApiDocumentsAutoConfiguration).
 */
@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

	@Bean
	OpenAPI orchestratorOpenApi() {
		return ApiDocuments.bearerScheme(ApiDocuments.document("Event Ops print API (print-orchestrator)", """
				Printers and pools, health, failover, probe prints, dispatch pause and the print ledger, \
				for ops (role OPS) and admins (role ADMIN); and the internal badge-status read the edge \
				calls with the shared internal token. Every error is an RFC 9457 problem \
				(`application/problem+json`).""", "http://localhost:8082"), ApiDocuments.INTERNAL_TOKEN,
				"The internal token shared by the edge, the reconciler and the orchestrator "
						+ "(eventops.security.internal-token); never given to kiosks.");
	}

	@Bean
	OpenApiCustomizer orchestratorOperations() {
		return ApiDocuments.describingEach(OpenApiConfiguration::describe);
	}

	private static void describe(String endpoint, Operation operation) {
		ApiDocuments.securedByPath(endpoint, operation);
		if (endpoint.contains("{printerId}")) {
			ApiDocuments.problem(operation, 404, "not-found", "no such printer");
		}
		switch (endpoint) {
			case "POST /admin/v1/printers" -> {
				operation.summary("Registers a printer in a pool (ADMIN)");
				ApiDocuments.problem(operation, 409, "printer-exists", "a printer with this id exists");
				ApiDocuments.problem(operation, 422, "validation", "a field is missing or invalid (see errors)");
				ApiDocuments.problem(operation, 422, "printer-address-not-allowed",
						"the host or port is outside eventops.print.printer-network");
			}
			case "GET /admin/v1/printers" ->
				operation.summary("Every printer with its state, probe failures, queue depth and last status (OPS)");
			case "PUT /admin/v1/printers/{printerId}/text-font" -> {
				operation.summary("Sets the font a printer draws text with: resident font 0 or a stored TrueType"
						+ " font and its scripts (OPS); what it cannot draw is sent as a graphic");
				ApiDocuments.problem(operation, 422, "validation", "a field is missing or invalid (see errors)");
			}
			case "POST /admin/v1/printers/{printerId}/failover" -> {
				operation.summary("Moves a printer's unprinted jobs to a backup of its pool (OPS); idempotent");
				ApiDocuments.problem(operation, 409, "backup-out-of-service", "the named backup is down or disabled");
				ApiDocuments.problem(operation, 422, "backup-is-dead-printer", "the backup is the printer itself");
			}
			case "POST /admin/v1/printers/{printerId}/probe-print" -> {
				operation.summary("Prints a probe label on a printer that is out of service (OPS)");
				ApiDocuments.problem(operation, 409, "printer-in-service", "the printer is in service");
				ApiDocuments.problem(operation, 409, "probe-print-failed", "the probe label did not print");
			}
			case "POST /admin/v1/printers/{printerId}/enable" -> {
				operation.summary("Returns a printer to service after a clean probe and a probe print (OPS)");
				ApiDocuments.problem(operation, 409, "printer-in-service", "the printer is in service");
				ApiDocuments.problem(operation, 409, "probe-not-clean", "the last status probe was not clean");
				ApiDocuments.problem(operation, 409, "probe-print-required",
						"no probe print since the printer went out of service");
				ApiDocuments.problem(operation, 409, "printer-changed", "the printer changed state meanwhile; retry");
			}
			case "POST /admin/v1/printers/{printerId}/disable" -> {
				operation.summary("Takes a printer out of service and fails its jobs over (OPS)");
				ApiDocuments.problem(operation, 409, "backup-out-of-service", "no backup in service in the pool");
			}
			case "GET /admin/v1/dispatch" -> operation.summary("Whether dispatch is paused, and until when (OPS)");
			case "POST /admin/v1/dispatch/pause" -> {
				operation.summary("Pauses new sends to printers for ttlSeconds (OPS); reconciliation goes on");
				ApiDocuments.problem(operation, 422, "validation", "ttlSeconds is missing or out of range");
			}
			case "POST /admin/v1/dispatch/resume" -> operation.summary("Resumes dispatch (OPS)");
			case "GET /admin/v1/print-jobs" -> operation
				.summary("Print jobs by attendee, state and possibleDuplicate (OPS), newest first, at most 1000");
			case "GET /admin/v1/print-jobs/summary" -> operation.summary("Print job counts per state (OPS)");
			case "GET /internal/v1/events/{eventId}/attendees/{attendeeId}/badge" -> {
				operation.summary("An attendee's newest badge job of one event (the edge's kiosk badge status)")
					.description("Jobs still in the reconciler's outbox answer as PENDING. Called by the edge "
							+ "with the internal token; the edge keeps a kiosk to its own event.");
				ApiDocuments.problem(operation, 404, "no-badge-job", "no badge job for this attendee of this event");
				ApiDocuments.problem(operation, 422, "malformed-attendee-id",
						"the attendee id is not 1-64 characters of [A-Za-z0-9_.:-]");
			}
			default -> throw new IllegalStateException(
					"The OpenAPI document does not describe " + endpoint + ": add it to OpenApiConfiguration");
		}
	}

}
