package io.eventops.reconciler.web;

import io.eventops.web.openapi.ApiDocuments;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import org.springdoc.core.customizers.OpenApiCustomizer;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The reconciler's OpenAPI 3.1 document (committed as
 * {@code docs/openapi/reconciler-service.json}): the ops and admin API and the internal
 * API the edge calls, with the problems each endpoint answers, served with its UI on the
 * management port only (service-web's ApiDocumentsAutoConfiguration).
 */
@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

	@Bean
	OpenAPI reconcilerOpenApi() {
		return ApiDocuments.bearerScheme(ApiDocuments.document("Event Ops reconciler API (reconciler-service)", """
				The attendee registry, corrections, reprints, rejections (quarantine and re-drive), express \
				codes and head-count for ops (role OPS) and admins (role ADMIN); and the internal API the \
				edge calls with the shared internal token. Every error is an RFC 9457 problem \
				(`application/problem+json`).""", "http://localhost:8081"), ApiDocuments.INTERNAL_TOKEN,
				"The internal token shared by the edge and the reconciler (eventops.security.internal-token); "
						+ "never given to kiosks.");
	}

	@Bean
	OpenApiCustomizer reconcilerOperations() {
		return ApiDocuments.describingEach(OpenApiConfiguration::describe);
	}

	private static void describe(String endpoint, Operation operation) {
		ApiDocuments.securedByPath(endpoint, operation);
		switch (endpoint) {
			case "GET /admin/v1/rejections" ->
				operation.summary("Quarantined entries, by kiosk, reason and attendee (OPS)");
			case "POST /admin/v1/rejections/{id}/redrive" -> {
				operation.summary("Decides a quarantined entry again, now (OPS); answers the new per-entry result");
				ApiDocuments.problem(operation, 404, "not-found", "no rejection with this id");
			}
			case "POST /admin/v1/events/{eventId}/attendees" -> {
				operation
					.summary("Imports attendees as a JSON array or text/csv with the same header (ADMIN); an upsert");
				ApiDocuments.problem(operation, 409, "attendee-in-other-event",
						"an attendee id belongs to another event");
				ApiDocuments.problem(operation, 415, "unsupported-media-type",
						"the content type is neither application/json nor text/csv");
				ApiDocuments.problem(operation, 422, "invalid-event",
						"eventId is not 1–64 characters of [A-Za-z0-9_.-]");
				ApiDocuments.problem(operation, 422, "invalid-csv", "the CSV could not be read");
				ApiDocuments.problem(operation, 422, "validation",
						"rows are invalid (see errors); nothing was changed");
			}
			case "GET /admin/v1/events/{eventId}/attendees" -> {
				operation.summary("Finds attendees by a part of their name, company or e-mail (accents and case "
						+ "ignored), their id or an express code (OPS); at most limit, more says whether there are more");
				ApiDocuments.problem(operation, 404, "not-found", "no such event");
				ApiDocuments.problem(operation, 422, "invalid-event",
						"eventId is not 1–64 characters of [A-Za-z0-9_.-]");
				ApiDocuments.problem(operation, 422, "invalid-query",
						"q is not 2 to 100 characters, or limit is not 1 to 50");
			}
			case "GET /admin/v1/attendees/{attendeeId}" -> {
				operation.summary("An attendee with the winning record, history and badge jobs (OPS)");
				ApiDocuments.problem(operation, 404, "not-found", "no such attendee");
			}
			case "POST /admin/v1/attendees/{attendeeId}/corrections" -> {
				operation
					.summary("A desk correction (OPS): the new winning record, never undone by a later kiosk write");
				ApiDocuments.problem(operation, 404, "not-found", "no such attendee");
				ApiDocuments.problem(operation, 409, "attendee-erased",
						"the attendee's personal data was erased; import it again first");
				ApiDocuments.problem(operation, 422, "empty-correction", "none of displayName, company, tier is given");
				ApiDocuments.problem(operation, 422, "validation", "a field is invalid (see errors)");
			}
			case "POST /admin/v1/attendees/{attendeeId}/reprint" -> {
				operation.summary("Reprints a badge with a new credential (OPS); the old credential is revoked");
				ApiDocuments.problem(operation, 404, "not-found", "no such attendee");
				ApiDocuments.problem(operation, 409, "not-checked-in", "the attendee is not checked in");
				ApiDocuments.problem(operation, 409, "attendee-erased",
						"the attendee's personal data was erased; import it again first");
				ApiDocuments.problem(operation, 422, "validation", "a field is invalid (see errors)");
			}
			case "POST /admin/v1/attendees/{attendeeId}/annul" -> {
				operation.summary("Annuls the attendee's current admission (OPS, #36): the latest one no annulment "
						+ "undid; the same idempotencyKey again answers the same and changes nothing");
				ApiDocuments.problem(operation, 404, "not-found", "no such attendee");
				ApiDocuments.problem(operation, 409, "nothing-to-annul",
						"no admission of the attendee stands (none recorded, all annulled, or no policy)");
				ApiDocuments.problem(operation, 409, "idempotency-key-reused",
						"the idempotencyKey was used for another attendee or reason; nothing was changed");
				ApiDocuments.problem(operation, 422, "validation", "a field is invalid (see errors)");
			}
			case "GET /admin/v1/events/{eventId}/headcount" -> {
				operation.summary("Registered, checked-in and badge-job counts of an event (OPS)");
				ApiDocuments.problem(operation, 404, "not-found", "no such event");
			}
			case "POST /admin/v1/events/{eventId}/express-codes" -> {
				operation.summary("Creates an express code for attendees (ADMIN)");
				ApiDocuments.problem(operation, 422, "invalid-expiry", "expiresAt is not in the future");
				ApiDocuments.problem(operation, 422, "unknown-attendees", "an attendee is not in the event");
			}
			case "POST /admin/v1/express-codes/{code}/replace" -> {
				operation.summary("Replaces a code with a new one (ADMIN); the old one answers replaced");
				ApiDocuments.problem(operation, 404, "unknown-code", "no such code");
				ApiDocuments.problem(operation, 409, "not-replaceable", "the code was used or already replaced");
			}
			case "POST /internal/v1/reconcile" -> {
				operation.summary("Reconciles a validated batch from the edge (internal)");
				ApiDocuments.problem(operation, 422, "invalid-batch", "kioskId, eventId or printerPool is missing");
				ApiDocuments.problem(operation, 422, "too-many-entries", "more than 500 entries");
				ApiDocuments.problem(operation, 500, "batch-not-stored",
						"PostgreSQL refused every check-in of the batch: nothing of it was kept, retry it later");
			}
			case "POST /internal/v1/express-codes/{code}/redeem" -> {
				operation.summary("Redeems an express code for the edge (internal)");
				ApiDocuments.problem(operation, 404, "unknown-code", "no such code");
				ApiDocuments.problem(operation, 409, "in-flight", "another station holds the code's claim");
				ApiDocuments.problem(operation, 409, "already-used", "another submission used the code");
				ApiDocuments.problem(operation, 409, "area-full",
						"the badge area has a capacity and too few free places beside the kiosks' allowances; nothing was"
								+ " checked in and the code stays unused");
				ApiDocuments.problem(operation, 410, "expired", "the code expired");
				ApiDocuments.problem(operation, 410, "replaced", "a newer code replaced this one");
				ApiDocuments.problem(operation, 422, "missing-client-submission-id", "clientSubmissionId is missing");
				ApiDocuments.problem(operation, 422, "wrong-event", "the code belongs to another event");
				ApiDocuments.problem(operation, 422, "not-in-code",
						"attendeeIds is not a subset of the code's attendees");
				ApiDocuments.problem(operation, 503, "retry",
						"the redemption could not finish now; retry the same attempt");
			}
			case "GET /internal/v1/events/{eventId}/snapshot" ->
				operation.summary("A consistent copy of an event and the stream sequence it reflects (internal)");
			case "GET /internal/v1/events/{eventId}/changes" -> {
				operation.summary("An event's changes after a stream sequence (internal)");
				ApiDocuments.problem(operation, 422, "invalid-stream-request",
						"after, limit or waitSeconds is out of range");
			}
			case "PUT /admin/v1/events/{eventId}/policy" -> {
				operation
					.summary("Saves a new version of the event's access-control policy (ADMIN); answers its number");
				ApiDocuments.problem(operation, 422, "invalid-event",
						"eventId is not 1–64 characters of [A-Za-z0-9_.-]");
				ApiDocuments.problem(operation, 422, "validation",
						"parts of the policy are invalid (each named by field path in errors); nothing was stored");
			}
			case "GET /admin/v1/events/{eventId}/policy" -> {
				operation.summary("The event's current policy with its version, who saved it and when (OPS)");
				ApiDocuments.problem(operation, 404, "not-found", "the event has no policy");
			}
			case "GET /admin/v1/events/{eventId}/policy/versions" ->
				operation.summary("Every version of the event's policy with who saved it and when, newest first (OPS)");
			case "POST /internal/v1/events/{eventId}/admission-check" -> {
				operation.summary("Decides an admission online from the current policy version and the venue-wide "
						+ "movements (internal); policyVersion 0 for an event without a policy");
				ApiDocuments.problem(operation, 404, "not-found", "no such attendee in the event");
				ApiDocuments.problem(operation, 422, "validation", "a field is invalid or missing (see errors)");
			}
			case "POST /internal/v1/events/{eventId}/areas/{areaId}/allowances" -> {
				operation.summary("Renews a kiosk's admission allowance at its area out of the free places "
						+ "(internal; invariant 14): a grant of places the kiosk may hold in its entries after a base, "
						+ "and its lease; the kiosk names the grant it holds when it asks next");
				ApiDocuments.problem(operation, 404, "not-found",
						"no such event, or no such area in its current policy");
				ApiDocuments.problem(operation, 422, "validation", "a field is invalid or missing (see errors)");
			}
			case "GET /admin/v1/events/{eventId}/rule-overrides" -> {
				operation.summary("Admissions the kiosks made that the event's rules refuse (ADMITTED_AGAINST_RULES), "
						+ "with the server's reason (OPS)");
				ApiDocuments.problem(operation, 404, "not-found", "no such event");
			}
			case "GET /admin/v1/events/{eventId}/areas" -> {
				operation.summary("Per area: admissions, refusals by reason, admissions against the rules (OPS)");
				ApiDocuments.problem(operation, 404, "not-found", "no such event");
			}
			case "GET /admin/v1/events/{eventId}/areas/{areaId}/occupancy",
					"GET /internal/v1/events/{eventId}/areas/{areaId}/occupancy" -> {
				operation.summary("Who is inside the area now against its capacity, and today's admissions and exits "
						+ "(OPS; the same at /internal for the edge; invariant 13)");
				ApiDocuments.problem(operation, 404, "not-found",
						"no such event, or no such area in its current policy");
			}
			case "POST /admin/v1/attendees/{attendeeId}/erase" -> {
				operation
					.summary("Erases the attendee's personal data (ADMIN, #38): names, companies, e-mails and free "
							+ "text go, ids, counts, times, areas and outcomes stay; unsent badge jobs are withdrawn and "
							+ "kiosks get an ERASED change. Again: erased false, nothing changed");
				ApiDocuments.problem(operation, 404, "not-found", "no such attendee");
				ApiDocuments.problem(operation, 422, "validation", "the reason is missing or too long (see errors)");
			}
			case "POST /admin/v1/events/{eventId}/erase" -> {
				operation.summary("Erases the personal data of every attendee of the event (ADMIN, #38), as the "
						+ "attendee's erasure does, and of its quarantined entries. Again: erased false, nothing changed");
				ApiDocuments.problem(operation, 404, "not-found", "no such event");
				ApiDocuments.problem(operation, 422, "validation", "the reason is missing or too long (see errors)");
			}
			case "GET /admin/v1/events/{eventId}/export" -> {
				operation.summary("Streams every attendee of the event with check-ins, areas, times, kiosks and "
						+ "outcomes as CSV (one row per movement) or a JSON array (ADMIN, #38)");
				ApiDocuments.problem(operation, 404, "not-found", "no such event");
				ApiDocuments.problem(operation, 422, "invalid-export-format", "format is neither csv nor json");
			}
			case "GET /admin/v1/attendees/{attendeeId}/export" -> {
				operation.summary("One person's data for a subject access request (ADMIN, #38): registry, winning "
						+ "record, movements, badge jobs, annulments, quarantined entries and erasures");
				ApiDocuments.problem(operation, 404, "not-found", "no such attendee");
			}
			default -> throw new IllegalStateException(
					"The OpenAPI document does not describe " + endpoint + ": add it to OpenApiConfiguration");
		}
	}

}
