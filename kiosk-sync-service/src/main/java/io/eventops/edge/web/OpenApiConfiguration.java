package io.eventops.edge.web;

import java.util.List;
import java.util.Map;

import io.eventops.model.flush.FlushRequest;
import io.eventops.model.flush.FlushResponse;
import io.eventops.web.openapi.ApiDocuments;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.PathParameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import org.springdoc.core.customizers.OpenApiCustomizer;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The edge's OpenAPI 3.1 document (committed as
 * {@code docs/openapi/kiosk-sync-service.json}): the kiosk API with its bodies, outcomes,
 * limits and problems, and the kiosk admin API, served with its UI on the management port
 * only (service-web's ApiDocumentsAutoConfiguration).
 */
@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

	static final String KIOSK_TOKEN = "kioskToken";

	private static final String KIOSK = "/v1/kiosks/{kioskId}";

	@Bean
	OpenAPI edgeOpenApi() {
		return ApiDocuments.bearerScheme(ApiDocuments.document("Event Ops kiosk API (kiosk-sync-service)", """
				The public HTTPS edge: what a kiosk calls to flush its durable check-in log, to learn \
				where its sequence stands, to follow its event's attendees, and to redeem express codes; \
				and the kiosk provisioning API for admins. Every error is an RFC 9457 problem \
				(`application/problem+json`). What a kiosk must do to keep the "nothing lost" promise \
				is in kiosk-agent/README.md.""", "https://localhost:8443"), KIOSK_TOKEN,
				"The kiosk's token, issued once at provisioning (32 random bytes, base64url). "
						+ "It authorises exactly one kioskId: another kiosk's path is a 403; a revoked kiosk is a 401 "
						+ "device-revoked.");
	}

	@Bean
	OpenApiCustomizer edgeOperations() {
		return (document) -> {
			ApiDocuments.addSchemas(document, FlushRequest.class, FlushResponse.class,
					KioskApiSchemas.RedeemRequest.class, KioskApiSchemas.Redemption.class,
					KioskApiSchemas.AdmissionCheckRequest.class, KioskApiSchemas.AdmissionDecision.class,
					KioskApiSchemas.Snapshot.class, KioskApiSchemas.Changes.class, BadgeStatus.class);
			Schema<?> entries = (Schema<?>) document.getComponents()
				.getSchemas()
				.get("FlushRequest")
				.getProperties()
				.get("entries");
			entries.maxItems(FlushRequest.MAX_ENTRIES);
			entries.description("The entries in seq order, at most " + FlushRequest.MAX_ENTRIES
					+ " (more is a 422 too-many-entries); [] is a heartbeat.");
			Map<String, Schema> schemas = document.getComponents().getSchemas();
			schemas.get("FlushRequest").required(List.of("highestLocalSeq", "entries"));
			Schema<?> flushEntry = schemas.get("FlushEntry")
				.required(List.of("seq", "idempotencyKey", "type", "attendeeId", "capturedAt", "queuedAt"));
			property(flushEntry, "seq").minimum(java.math.BigDecimal.ONE);
			property(flushEntry, "idempotencyKey").description("Must equal \"{kioskId}:{seq}\".");
			property(flushEntry, "attendeeId").pattern("^[A-Za-z0-9_.:-]{1,64}$");
			property(flushEntry, "capturedAt").description("The device clock at capture (RFC 3339 with an offset).");
			property(flushEntry, "queuedAt").description("The kiosk clock when the entry was durably written.");
			schemas.remove("SseEmitter");
			ApiDocuments.describeEach(document, OpenApiConfiguration::describe);
		};
	}

	// token rotation (#37): any successful answer to a kiosk may deliver its new token
	private static void newToken(Operation operation) {
		if (operation.getResponses() == null) {
			return;
		}
		operation.getResponses().forEach((status, response) -> {
			if (status.startsWith("2")) {
				response.addHeaderObject("Kiosk-New-Token", new Header()
					.description("Present while the kiosk's token is being rotated and it presented the old one: "
							+ "its new token. Store it durably, then use it; the first request with it retires the "
							+ "old one (docs/fleet.md).")
					.schema(new StringSchema()));
			}
		});
	}

	private static void describe(String endpoint, Operation operation) {
		// one tag per audience: a generated client gets a KioskApi and a KioskAdminApi
		operation.setTags(List.of(endpoint.contains(" /v1/") ? "kiosk" : "kiosk-admin"));
		if (endpoint.equals("POST /v1/enrol")) {
			// no token yet: the one-time code is the credential
			ApiDocuments.problem(operation, 429, "enrolment-rate-limited",
					"this client address tried too many codes (eventops.edge.enrolment.*: a burst of 200, "
							+ "then 60 a minute, shared by every replica)");
			ApiDocuments.retryAfter(operation, 429);
		}
		else if (endpoint.contains(" /v1/")) {
			kioskIdParameter(operation);
			ApiDocuments.secured(operation, KIOSK_TOKEN);
			ApiDocuments.problem(operation, 401, "unauthorized", "no token, or an unknown one");
			ApiDocuments.problem(operation, 401, "device-revoked",
					"the kiosk was revoked (LOST, or RETIRE after its grace; the mode is in the detail): delete the "
							+ "personal data cached on the device, stop admitting, keep its unflushed entries");
			ApiDocuments.problem(operation, 403, "forbidden", "the token belongs to another kiosk");
			ApiDocuments.problem(operation, 429, "rate-limited", "the kiosk is over its request rate");
			ApiDocuments.retryAfter(operation, 429);
			newToken(operation);
			ApiDocuments.problem(operation, 403, "outside-profile",
					"the kiosk's profile (KIOSK, DESK or EXIT, named in the problem) does not allow this request "
							+ "(docs/fleet.md)");
		}
		else {
			ApiDocuments.opsSecured(operation);
		}
		switch (endpoint) {
			case "POST " + KIOSK + "/flush" -> flush(operation);
			case "GET " + KIOSK + "/sync-state" -> {
				operation.summary("Where the kiosk's sequence stands on the server")
					.description("Lets a reinstalled kiosk continue its sequence instead of reusing idempotency keys.");
				ApiDocuments.problem(operation, 404, "not-found", "the kiosk is not provisioned");
			}
			case "GET " + KIOSK + "/snapshot" -> {
				operation.summary("A consistent copy of the kiosk's event and the stream sequence it reflects");
				json(operation, "200", "Snapshot");
				unavailable(operation);
			}
			case "GET " + KIOSK + "/changes" -> {
				operation.summary("The event's changes after a stream sequence, long-polling up to waitSeconds (≤ 30)")
					.description("Changes come in strictly increasing streamSeq; following from a snapshot's "
							+ "streamSeq yields every later change exactly once.");
				json(operation, "200", "Changes");
				ApiDocuments.problem(operation, 400, "malformed-stream-request",
						"after is negative or waitSeconds is out of 0–30 (see errors)");
				ApiDocuments.problem(operation, 410, "resync",
						"after is below what the change log still holds: take a new snapshot");
				streamSlots(operation);
				unavailable(operation);
			}
			case "GET " + KIOSK + "/changes/stream" -> {
				operation.summary("The same changes as Server-Sent Events")
					.description("`id:` is the streamSeq; a reconnect resumes from `Last-Event-ID`. "
							+ "Each `data:` is one Change as JSON.");
				operation.getResponses()
					.get("200")
					.content(new Content().addMediaType("text/event-stream",
							new MediaType().schema(new StringSchema().description("events whose data is a Change; "
									+ "a position older than the change log ends the stream with event:resync"))));
				streamSlots(operation);
				unavailable(operation);
			}
			case "POST " + KIOSK + "/express-codes/{code}/redeem" -> redeem(operation);
			case "POST " + KIOSK + "/admission-check" -> admissionCheck(operation);
			case "GET " + KIOSK + "/occupancy" -> {
				operation.summary("Who is inside the kiosk's area now against its capacity (invariant 13), "
						+ "for staff mode: {inside, capacity?, admittedToday, exitsToday, asOf}");
				ApiDocuments.problem(operation, 404, "not-found",
						"the kiosk has no area, or the current policy has no such area");
				unavailable(operation);
			}
			case "POST " + KIOSK + "/allowance" -> {
				operation.summary("Renews the kiosk's admission allowance at its area (invariant 14)").description("""
						The server escrows part of the area's free places for the kiosk: a grant of places it may \
						hold, online or offline: the attendees it carries over (let in here before base, still inside \
						by that admission) and its entries after base (per attendee, its admissions minus the exits \
						that follow one of theirs), until leaseUntil (docs/access-control.md). The body \
						names the grant the kiosk holds (held, heldWhenTaken: what it held after that grant's base \
						when it took it) and its acknowledged seq (base); empty, it holds none and counts every \
						entry. Asked after each flush round; an area without a capacity answers areaId and \
						policyVersion only.""");
				ApiDocuments.problem(operation, 422, "malformed-allowance-request",
						"the body is no JSON object, or held, heldWhenTaken or base is no whole number in range");
				ApiDocuments.problem(operation, 404, "not-found",
						"the kiosk is an exit kiosk, has no area, or its area is not in the current policy");
				ApiDocuments.problem(operation, 503, "reconciler-unavailable",
						"no answer within the budget; keep the allowance the kiosk has");
				ApiDocuments.retryAfter(operation, 503);
			}
			case "GET " + KIOSK + "/attendees/{attendeeId}/badge" -> {
				operation
					.summary("Where an attendee's badge stands: queued, printing, printed at which printer, "
							+ "or ask staff")
					.description("For the kiosk screen while the attendee waits. Attendees of the kiosk's own event "
							+ "only; ASK_STAFF when a failover flagged the job as a possible duplicate, its outcome "
							+ "is unknown, or a reprint withdrew it.");
				json(operation, "200", "BadgeStatus");
				ApiDocuments.problem(operation, 400, "malformed-attendee-id",
						"the attendee id is not 1-64 characters of [A-Za-z0-9_.:-]");
				ApiDocuments.problem(operation, 404, "no-badge-job",
						"no badge job for this attendee of the kiosk's event (not checked in, or not reconciled yet)");
				ApiDocuments.problem(operation, 503, "print-unavailable",
						"the print service cannot be asked now; retry after the indicated delay");
				ApiDocuments.retryAfter(operation, 503);
			}
			case "POST /admin/v1/kiosks" -> {
				operation.summary("Provisions a kiosk (ADMIN); the token is in this answer only");
				ApiDocuments.problem(operation, 409, "kiosk-exists", "a kiosk with this id exists");
				ApiDocuments.problem(operation, 400, "bad-request", "the body is not JSON");
				ApiDocuments.problem(operation, 422, "validation", "a field is missing or malformed (see errors)");
			}
			case "POST /admin/v1/kiosks/{kioskId}/revoke" -> {
				operation.summary("Revokes a kiosk's token (ADMIN), LOST (at once) or RETIRE (after a grace)")
					.description(
							"""
									No body is LOST. RETIRE lets the kiosk keep flushing for eventops.edge.kiosks.retire-grace 							(30 minutes by default), then its token stops. Revoking a revoked kiosk keeps the first 							revocation, except that LOST after RETIRE takes effect at once. A revoked token is a 							401 device-revoked (docs/fleet.md).""");
				ApiDocuments.problem(operation, 404, "not-found", "the kiosk is not provisioned");
				ApiDocuments.problem(operation, 400, "bad-request", "the body is not JSON");
				ApiDocuments.problem(operation, 422, "validation", "mode is neither RETIRE nor LOST (see errors)");
			}
			case "POST /admin/v1/kiosks/{kioskId}/rotate" -> {
				operation.summary("Rotates a kiosk's token (ADMIN): the kiosk receives a new one on its next contact")
					.description("""
							The edge stores token hashes only: it mints the new token when it delivers it, in the \
							Kiosk-New-Token header of the kiosk's next authenticated answer, and again with every \
							answer to the old token (a lost response is covered). The old token stays valid until \
							the kiosk first uses a new one, then for eventops.edge.kiosks.rotation-grace (10 minutes \
							by default); unused deliveries stop it after eventops.edge.kiosks.rotation-max-pending \
							(7 days by default) from the first (docs/fleet.md).""");
				ApiDocuments.problem(operation, 404, "not-found", "the kiosk is not provisioned");
				ApiDocuments.problem(operation, 409, "kiosk-revoked", "the kiosk is revoked");
			}
			case "POST " + KIOSK + "/token-rotation" -> {
				operation.summary("Rotates this kiosk's token; the new one is in this answer's Kiosk-New-Token header")
					.description("""
							The agent calls it every token-max-age. Store the new token durably before using it; \
							the old one stays valid until the first request with the new one, then for the rotation \
							grace (docs/fleet.md).""");
			}
			case "POST /admin/v1/enrolments" -> {
				operation
					.summary("Issues a one-time enrolment code for a kiosk (ADMIN); the code is in this answer only")
					.description("""
							A short typeable code (10 Crockford base32 characters, shown as two groups of five) \
							and its QR image (a data: URI of a PNG). A kiosk redeems it once with POST /v1/enrol \
							before expiresAt; the edge stores only its SHA-256 (docs/fleet.md).""");
				ApiDocuments.problem(operation, 400, "bad-request", "the body is not JSON");
				ApiDocuments.problem(operation, 422, "validation", "a field is missing or malformed (see errors)");
			}
			case "POST /v1/enrol" -> {
				operation.summary("Enrols a kiosk with a one-time code; its token is in this answer only")
					.description("""
							Provisions the kiosk the code was issued for and answers its token and settings. A code \
							enrols one kiosk: a second use is a 410 enrolment-code-used, however many kiosks \
							present it at once.""");
				ApiDocuments.problem(operation, 400, "bad-request", "the body is not JSON");
				ApiDocuments.problem(operation, 422, "validation", "code is missing or too long, or label too long");
				ApiDocuments.problem(operation, 422, "malformed-enrolment-code",
						"the code cannot be an enrolment code (10 Crockford base32 characters; case, hyphens and "
								+ "spaces are ignored, I and L read as 1, O as 0)");
				ApiDocuments.problem(operation, 404, "unknown-enrolment-code",
						"no enrolment was issued with this code");
				ApiDocuments.problem(operation, 409, "kiosk-exists",
						"the kiosk id the code was issued for exists already; the code stays unused");
				ApiDocuments.problem(operation, 410, "enrolment-code-used", "the code has enrolled a kiosk already");
				ApiDocuments.problem(operation, 410, "enrolment-code-expired", "the code expired unused");
			}
			case "GET /admin/v1/kiosks" ->
				operation.summary("Every kiosk with its watermarks, backlog, gaps and outcome and flag counts (OPS)");
			default -> throw new IllegalStateException(
					"The OpenAPI document does not describe " + endpoint + ": add it to OpenApiConfiguration");
		}
	}

	private static void flush(Operation operation) {
		operation.summary("Flushes a batch of the kiosk's durable log; every entry is checked and decided on its own")
			.description("""
					One result per entry, in the request's order. Final outcomes (APPLIED, DUPLICATE, STALE, \
					REJECTED) are acknowledged; IN_FLIGHT is not: retry it later with the same key. \
					`ackedThroughSeq` is the highest seq of this request up to which every entry has a final \
					outcome (for a heartbeat, the kiosk's contiguous watermark on the server): a kiosk advances \
					its local watermark to this value and only to it. Limits: body ≤ 1 MiB (413), \
					≤ 500 entries (422). Whole-request errors apply nothing.""");
		operation.requestBody(new RequestBody().required(true)
			.content(new Content().addMediaType("application/json",
					new MediaType().schema(ref("FlushRequest"))
						.addExamples("two-entries", new Example().summary("Two check-ins")
							.value(Map.of("highestLocalSeq", 812, "entries",
									List.of(Map.of("seq", 801, "idempotencyKey", "kiosk-07:801", "type", "CHECK_IN",
											"attendeeId", "att_9f3ac210", "capturedAt", "2026-07-16T09:01:00+02:00",
											"queuedAt", "2026-07-16T09:01:00.120+02:00", "badgePrintedLocally", false,
											"badge", Map.of("displayName", "Ada L.", "company", "ACME"))))))
						.addExamples("heartbeat", new Example().summary("A heartbeat")
							.value(Map.of("highestLocalSeq", 812, "entries", List.of()))))));
		json(operation, "200", "FlushResponse");
		operation.getResponses()
			.get("200")
			.getContent()
			.get("application/json")
			.addExamples("applied-and-rejected",
					new Example().value(Map.of("kioskId", "kiosk-07", "ackedThroughSeq", 802, "results",
							List.of(Map.of("seq", 801, "idempotencyKey", "kiosk-07:801", "outcome", "APPLIED",
									"badgeJobId", "0b6f3c1e-5d1a-4b7e-9c55-2f0f6f1f0a11", "flags", List.of()),
									Map.of("seq", 802, "idempotencyKey", "kiosk-07:802", "outcome", "REJECTED",
											"reason", "UNKNOWN_ATTENDEE", "flags", List.of())))));
		ApiDocuments.problem(operation, 400, "malformed-flush",
				"not JSON, no entries array, or an entry without an integer seq ≥ 1 (see errors)");
		ApiDocuments.problem(operation, 408, "body-too-slow",
				"the body did not arrive within eventops.edge.requests.body-read-timeout (30 s); nothing was applied");
		ApiDocuments.problem(operation, 413, "too-large", "the body is over 1 MiB (1048576 bytes)");
		ApiDocuments.problem(operation, 415, "unsupported-media-type", "the content type is not application/json");
		ApiDocuments.problem(operation, 422, "too-many-entries", "more than 500 entries");
		ApiDocuments.problem(operation, 429, "kiosk-busy",
				"the kiosk already has its share of flushes in flight on this edge replica; nothing was read");
		ApiDocuments.retryAfter(operation, 429);
		unavailable(operation);
	}

	private static void streamSlots(Operation operation) {
		ApiDocuments.problem(operation, 429, "too-many-streams",
				"the kiosk already holds its share of long polls and streams on this edge replica");
		ApiDocuments.problem(operation, 503, "streams-full", "this edge replica holds all the streams it can");
		ApiDocuments.retryAfter(operation, 429);
		ApiDocuments.retryAfter(operation, 503);
	}

	private static void redeem(Operation operation) {
		operation.summary("Redeems an express code, online only").description("""
				Send the same clientSubmissionId on every retry of one attempt: a retry of the attempt \
				that already succeeded answers the stored result with duplicate=true. A failure after the \
				claim releases the lease, so a deliberate retry does not wait it out.""");
		operation.requestBody(new RequestBody().required(true)
			.content(new Content().addMediaType("application/json", new MediaType().schema(ref("RedeemRequest"))
				.addExamples("all", new Example().value(Map.of("clientSubmissionId", "kiosk-07-3f9c"))))));
		json(operation, "200", "Redemption");
		ApiDocuments.problem(operation, 400, "malformed-express-code",
				"the code cannot be an express code (10 Crockford base32 characters; case, hyphens and spaces "
						+ "are ignored, I and L read as 1, O as 0)");
		ApiDocuments.problem(operation, 400, "malformed-redemption", "the body is not a JSON object");
		ApiDocuments.problem(operation, 408, "body-too-slow",
				"the body did not arrive within eventops.edge.requests.body-read-timeout (30 s); nothing was redeemed");
		ApiDocuments.problem(operation, 413, "too-large", "the body is over 16 KiB (16384 bytes)");
		ApiDocuments.problem(operation, 404, "unknown-code", "no such code");
		ApiDocuments.problem(operation, 409, "in-flight", "another station holds the code's claim (lease, 2 min)");
		ApiDocuments.problem(operation, 409, "already-used", "another submission used the code");
		ApiDocuments.problem(operation, 409, "area-full",
				"the badge area has a capacity and too few free places beside the kiosks' allowances; nothing was"
						+ " checked in and the code stays unused");
		ApiDocuments.problem(operation, 410, "expired", "the code expired");
		ApiDocuments.problem(operation, 410, "replaced", "a newer code replaced this one");
		ApiDocuments.problem(operation, 422, "missing-client-submission-id", "clientSubmissionId is missing");
		ApiDocuments.problem(operation, 422, "wrong-event", "the code belongs to another event");
		ApiDocuments.problem(operation, 422, "not-in-code", "attendeeIds is not a subset of the code's attendees");
		ApiDocuments.problem(operation, 503, "retry", "the redemption could not finish now; retry the same attempt");
		unavailable(operation);
	}

	private static void admissionCheck(Operation operation) {
		operation.summary("Asks the server whether to admit an attendee at the kiosk's area, online").description("""
				The server decides from the current policy version and the venue-wide history \
				(docs/access-control.md). It answers within eventops.edge.admission-check.timeout \
				(300 ms) or with a 503: without an answer, the kiosk decides from its cache.""");
		operation.requestBody(new RequestBody().required(true)
			.content(new Content().addMediaType("application/json",
					new MediaType().schema(ref("AdmissionCheckRequest"))
						.addExamples("attempt", new Example()
							.value(Map.of("attendeeId", "att_9f3ac210", "capturedAt", "2026-07-16T09:01:00+02:00"))))));
		json(operation, "200", "AdmissionDecision");
		ApiDocuments.problem(operation, 400, "malformed-admission-check", "the body is not a JSON object");
		ApiDocuments.problem(operation, 422, "malformed-admission-check",
				"attendeeId or capturedAt is missing or invalid (see errors)");
		ApiDocuments.problem(operation, 404, "not-found", "no such attendee in the kiosk's event");
		ApiDocuments.problem(operation, 408, "body-too-slow",
				"the body did not arrive within eventops.edge.requests.body-read-timeout (30 s)");
		ApiDocuments.problem(operation, 413, "too-large", "the body is over 16 KiB (16384 bytes)");
		ApiDocuments.problem(operation, 503, "reconciler-unavailable",
				"no decision within the budget; decide from the kiosk's cache");
		ApiDocuments.retryAfter(operation, 503);
	}

	private static void unavailable(Operation operation) {
		ApiDocuments.problem(operation, 503, "reconciler-unavailable",
				"the reconciler is unavailable; nothing was acknowledged");
		ApiDocuments.retryAfter(operation, 503);
	}

	private static void json(Operation operation, String status, String schema) {
		ApiResponse response = operation.getResponses().get(status);
		if (response == null) {
			response = new ApiResponse().description("OK");
			operation.getResponses().addApiResponse(status, response);
		}
		response.content(new Content().addMediaType("application/json", new MediaType().schema(ref(schema))));
	}

	// the flush reads its kiosk from the token, but the path carries it too: every kiosk
	// path names its kioskId parameter with the contract's pattern
	private static void kioskIdParameter(Operation operation) {
		Parameter kioskId = (operation.getParameters() == null) ? null
				: operation.getParameters()
					.stream()
					.filter((parameter) -> "kioskId".equals(parameter.getName()))
					.findFirst()
					.orElse(null);
		if (kioskId == null) {
			kioskId = new PathParameter().name("kioskId");
			operation.addParametersItem(kioskId);
		}
		kioskId.required(true)
			.description("The kiosk; its token must belong to it (403 otherwise).")
			.schema(new StringSchema().pattern("^[a-z0-9][a-z0-9-]{1,31}$").example("kiosk-07"));
	}

	private static Schema<?> property(Schema<?> schema, String name) {
		return (Schema<?>) schema.getProperties().get(name);
	}

	private static Schema<?> ref(String schema) {
		return new Schema<>().$ref("#/components/schemas/" + schema);
	}

}
