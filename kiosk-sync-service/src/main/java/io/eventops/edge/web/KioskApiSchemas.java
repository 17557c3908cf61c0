package io.eventops.edge.web;

import java.time.OffsetDateTime;
import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The shapes of the kiosk API's bodies that the edge relays from the reconciler as they
 * are, so that the OpenAPI document can describe them: the edge itself never binds them.
 */
final class KioskApiSchemas {

	private KioskApiSchemas() {
	}

	/**
	 * An express-code redemption attempt.
	 *
	 * @param clientSubmissionId the attempt's id, the same on every retry of one attempt
	 * @param attendeeIds a subset of the code's attendees, or absent for all of them
	 */
	@Schema(name = "RedeemRequest", requiredProperties = "clientSubmissionId")
	public record RedeemRequest(
			@Schema(description = "The attempt's id: the same on every retry of one attempt.",
					example = "kiosk-07-3f9c", maxLength = 64) String clientSubmissionId,
			@Schema(description = "A subset of the code's attendees; absent for all of them.") List<String> attendeeIds) {

	}

	/**
	 * A redeemed code.
	 *
	 * @param code the code
	 * @param duplicate whether this is the stored result of an attempt that already
	 * succeeded
	 * @param result what the redemption did
	 */
	@Schema(name = "Redemption", requiredProperties = { "code", "duplicate", "result" })
	public record Redemption(@Schema(example = "K7Q2M9") String code, @Schema(
			description = "true when this is the stored result of a retry of an attempt that already succeeded.") boolean duplicate,
			RedemptionResult result) {

	}

	/**
	 * What a redemption did.
	 *
	 * @param checkedIn the attendees checked in
	 * @param badgeJobIds the badge jobs created
	 */
	@Schema(name = "RedemptionResult", requiredProperties = { "checkedIn", "badgeJobIds" })
	public record RedemptionResult(List<String> checkedIn, List<String> badgeJobIds) {

	}

	/**
	 * A consistent copy of the kiosk's event.
	 *
	 * @param eventId the event
	 * @param streamSeq the stream sequence the copy reflects: follow the changes from it
	 * @param attendees the event's attendees
	 */
	@Schema(name = "Snapshot", requiredProperties = { "eventId", "streamSeq", "attendees" })
	public record Snapshot(String eventId, long streamSeq, List<CachedAttendee> attendees) {

	}

	/**
	 * One attendee as a kiosk caches it.
	 *
	 * @param attendeeId the attendee
	 * @param displayName the effective display name
	 * @param company the effective company
	 * @param tier the effective tier
	 * @param checkedIn whether the attendee is checked in
	 * @param checkedInBy the source of the winning record (a kiosk id or {@code desk})
	 * @param credentialVersion the attendee's current credential
	 * @param checkedInAt the winning check-in's capture time, or null
	 * @param email the registered e-mail address (kiosks search by it), or null
	 */
	@Schema(name = "CachedAttendee", requiredProperties = { "attendeeId", "checkedIn", "credentialVersion" })
	public record CachedAttendee(String attendeeId, String displayName, String company, String tier, boolean checkedIn,
			String checkedInBy, int credentialVersion, OffsetDateTime checkedInAt, String email) {

	}

	/**
	 * Changes after a stream sequence.
	 *
	 * @param changes the changes in strictly increasing {@code streamSeq}
	 * @param lastStreamSeq where to continue from
	 */
	@Schema(name = "Changes", requiredProperties = { "changes", "lastStreamSeq" })
	public record Changes(List<Change> changes, long lastStreamSeq) {

	}

	/**
	 * One change of the event's stream.
	 *
	 * @param streamSeq the change's position in the stream
	 * @param kind what changed
	 * @param attendee the attendee after the change
	 */
	@Schema(name = "Change", requiredProperties = { "streamSeq", "kind", "attendee" })
	public record Change(long streamSeq, ChangeKind kind, CachedAttendee attendee) {

	}

	/**
	 * An online admission question (issue #35): the edge adds the kiosk's event and area.
	 *
	 * @param attendeeId the attendee at the door
	 * @param capturedAt when the kiosk captured the attempt (its clock)
	 */
	@Schema(name = "AdmissionCheckRequest", requiredProperties = { "attendeeId", "capturedAt" })
	public record AdmissionCheckRequest(@Schema(pattern = "^[A-Za-z0-9_.:-]{1,64}$") String attendeeId, @Schema(
			description = "The kiosk's clock at the attempt (RFC 3339 with an offset).") OffsetDateTime capturedAt) {

	}

	/**
	 * The server's admission decision from the venue-wide history (issue #35).
	 *
	 * @param decision admit or refuse
	 * @param reason the refusal's reason
	 * @param explanation the rule's explanation of a {@code RULE} refusal
	 * @param policyVersion the policy version it was decided under (0: the implicit
	 * policy of an event without one)
	 */
	@Schema(name = "AdmissionDecision", requiredProperties = { "decision", "policyVersion" })
	public record AdmissionDecision(@Schema(allowableValues = {
			"ADMIT", "REFUSE" }) String decision,
			@Schema(description = "A refusal's reason.",
					allowableValues = { "TICKET_NOT_VALID_HERE", "NOT_VALID_TODAY", "AREA_CLOSED", "ALREADY_ENTERED",
							"TOO_SOON", "RULE", "AREA_FULL" }) String reason,
			@Schema(description = "The area rule's explanation of a RULE refusal.") String explanation,
			@Schema(description = "The policy version it was decided under; 0 for an event without a policy.",
					minimum = "0") long policyVersion){

	}

	/**
	 * What a change did; {@code ERASED} (#38): the attendee's personal data was erased,
	 * and a kiosk cache deletes what it holds of it.
	 */
	public enum ChangeKind {

		REGISTERED, UPDATED, CHECKED_IN, CORRECTED, CREDENTIAL_REISSUED, ERASED

	}

}
