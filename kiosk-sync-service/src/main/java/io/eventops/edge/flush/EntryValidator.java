package io.eventops.edge.flush;

import java.time.OffsetDateTime;
import java.util.regex.Pattern;

import io.eventops.model.flush.BadgeOverrides;
import io.eventops.model.flush.EntryBounds;
import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.FlushEntry;
import io.eventops.model.flush.KioskDecision;
import io.eventops.model.time.Rfc3339;
import tools.jackson.databind.JsonNode;

/**
 * Checks one entry against the contract's schema and {@link EntryBounds}, and the fields
 * of access control against the kiosk's provisioning (issue #35, docs/access-control.md);
 * the first offending field is reported, so that the entry is rejected as
 * {@code INVALID_ENTRY} on its own and never blocks the rest of its batch (invariants 6
 * and 11).
 */
final class EntryValidator {

	private static final Pattern ATTENDEE_ID = Pattern.compile("[A-Za-z0-9_.:-]{1,64}");

	// the shape of a kiosk's idempotency key {kioskId}:{seq}: a kiosk id of the edge's
	// provisioning rule and a seq without leading zeros (bounded below by EntryBounds)
	private static final Pattern ADMISSION_KEY = Pattern.compile("[a-z0-9][a-z0-9-]{1,31}:[1-9][0-9]{0,15}");

	/**
	 * Checks an entry of a kiosk provisioned without an area.
	 * @param kioskId the kiosk
	 * @param raw the entry as received
	 * @return the check
	 */
	EntryCheck check(String kioskId, ParsedFlush.RawEntry raw) {
		return check(kioskId, null, raw);
	}

	/**
	 * Checks an entry of a kiosk.
	 * @param kioskId the kiosk
	 * @param kioskAreaId the area the kiosk was provisioned for, or {@code null} for the
	 * event's implicit area
	 * @param raw the entry as received
	 * @return the check
	 */
	EntryCheck check(String kioskId, String kioskAreaId, ParsedFlush.RawEntry raw) {
		return check(kioskId, kioskAreaId, false, raw);
	}

	/**
	 * Checks an entry of a kiosk.
	 * @param kioskId the kiosk
	 * @param kioskAreaId the area the kiosk was provisioned for, or {@code null} for the
	 * event's implicit area
	 * @param annulsAnyAdmission whether the kiosk may annul an admission of another kiosk
	 * (a staffed desk, profile {@code DESK}, issue #37), not only its own
	 * @param raw the entry as received
	 * @return the check
	 */
	EntryCheck check(String kioskId, String kioskAreaId, boolean annulsAnyAdmission, ParsedFlush.RawEntry raw) {
		JsonNode node = raw.node();
		JsonNode key = node.get("idempotencyKey");
		String keyAsSent = (key != null && key.isString()) ? key.stringValue() : null;
		if (!EntryBounds.isValidSeq(raw.seq())) {
			return EntryCheck.invalid(keyAsSent, "seq");
		}
		if (keyAsSent == null || !keyAsSent.equals(FlushEntry.keyOf(kioskId, raw.seq()))) {
			return EntryCheck.invalid(keyAsSent, "idempotencyKey");
		}
		EntryType type = type(node.get("type"));
		if (type == null) {
			return EntryCheck.invalid(keyAsSent, "type");
		}
		JsonNode attendee = node.get("attendeeId");
		if (attendee == null || !attendee.isString() || !ATTENDEE_ID.matcher(attendee.stringValue()).matches()) {
			return EntryCheck.invalid(keyAsSent, "attendeeId");
		}
		OffsetDateTime capturedAt = time(node.get("capturedAt"));
		if (capturedAt == null) {
			return EntryCheck.invalid(keyAsSent, "capturedAt");
		}
		OffsetDateTime queuedAt = time(node.get("queuedAt"));
		if (queuedAt == null) {
			return EntryCheck.invalid(keyAsSent, "queuedAt");
		}
		JsonNode printed = node.get("badgePrintedLocally");
		if (printed != null && !printed.isNull() && !printed.isBoolean()) {
			return EntryCheck.invalid(keyAsSent, "badgePrintedLocally");
		}
		JsonNode badge = node.get("badge");
		BadgeOverrides overrides = null;
		if (badge != null && !badge.isNull()) {
			if (!badge.isObject()) {
				return EntryCheck.invalid(keyAsSent, "badge");
			}
			if (!badgeText(badge.get("displayName"))) {
				return EntryCheck.invalid(keyAsSent, "badge.displayName");
			}
			if (!badgeText(badge.get("company"))) {
				return EntryCheck.invalid(keyAsSent, "badge.company");
			}
			overrides = new BadgeOverrides(text(badge.get("displayName")), text(badge.get("company")));
		}
		if (type == EntryType.ANNUL) {
			return annulment(raw, keyAsSent, node, attendee.stringValue(), capturedAt, queuedAt, printed, overrides,
					annulsAnyAdmission);
		}
		JsonNode area = present(node.get("areaId"));
		// the kiosk's own area or, for a kiosk provisioned without one, none: the area is
		// where the kiosk stands, not something an entry may choose
		if ((kioskAreaId == null) ? area != null
				: (area == null || !area.isString() || !kioskAreaId.equals(area.stringValue()))) {
			return EntryCheck.invalid(keyAsSent, "areaId");
		}
		JsonNode version = present(node.get("policyVersion"));
		if (version != null && (!version.isIntegralNumber() || !version.canConvertToLong() || version.asLong() < 0)) {
			return EntryCheck.invalid(keyAsSent, "policyVersion");
		}
		DecisionCheck decision = decision(type, present(node.get("kioskDecision")));
		if (decision.invalidField() != null) {
			return EntryCheck.invalid(keyAsSent, decision.invalidField());
		}
		if (present(node.get("annuls")) != null) {
			// only an ANNUL names an admission
			return EntryCheck.invalid(keyAsSent, "annuls");
		}
		return EntryCheck.valid(new FlushEntry(raw.seq(), keyAsSent, type, attendee.stringValue(), capturedAt, queuedAt,
				printed != null && printed.isBoolean() && printed.booleanValue(), overrides,
				(area != null) ? area.stringValue() : null, (version != null) ? version.asLong() : null,
				decision.decision(), null));
	}

	// An ANNUL (#36) undoes the admission of this kiosk whose key it names: it has no
	// area
	// of its own (it counts nowhere, invariant 13), no decision and no badge. Whether the
	// key is an admission of this attendee only the reconciler knows; here it must be one
	// of this kiosk's keys.
	private static EntryCheck annulment(ParsedFlush.RawEntry raw, String keyAsSent, JsonNode node, String attendeeId,
			OffsetDateTime capturedAt, OffsetDateTime queuedAt, JsonNode printed, BadgeOverrides overrides,
			boolean annulsAnyAdmission) {
		if (printed != null && printed.isBoolean() && printed.booleanValue()) {
			return EntryCheck.invalid(keyAsSent, "badgePrintedLocally");
		}
		if (overrides != null) {
			return EntryCheck.invalid(keyAsSent, "badge");
		}
		if (present(node.get("areaId")) != null) {
			return EntryCheck.invalid(keyAsSent, "areaId");
		}
		JsonNode version = present(node.get("policyVersion"));
		if (version != null && (!version.isIntegralNumber() || !version.canConvertToLong() || version.asLong() < 0)) {
			return EntryCheck.invalid(keyAsSent, "policyVersion");
		}
		if (present(node.get("kioskDecision")) != null) {
			return EntryCheck.invalid(keyAsSent, "kioskDecision");
		}
		JsonNode annuls = present(node.get("annuls"));
		// a self-service kiosk annuls its own admissions only ("that was not me"); any
		// other is ops', with a reason, at the reconciler, or a staffed desk's (profile
		// DESK, issue #37): one unattended kiosk never undoes another's (invariant 11)
		String ownKeys = keyAsSent.substring(0, keyAsSent.lastIndexOf(':') + 1);
		if (annuls == null || !annuls.isString() || !isAdmissionKey(annuls.stringValue())
				|| annuls.stringValue().equals(keyAsSent)
				|| (!annulsAnyAdmission && !annuls.stringValue().startsWith(ownKeys))) {
			return EntryCheck.invalid(keyAsSent, "annuls");
		}
		return EntryCheck.valid(new FlushEntry(raw.seq(), keyAsSent, EntryType.ANNUL, attendeeId, capturedAt, queuedAt,
				false, null, null, (version != null) ? version.asLong() : null, null, annuls.stringValue()));
	}

	private static boolean isAdmissionKey(String key) {
		if (!ADMISSION_KEY.matcher(key).matches()) {
			return false;
		}
		return EntryBounds.isValidSeq(Long.parseLong(key.substring(key.indexOf(':') + 1)));
	}

	// CHECK_IN, EXIT, REFUSED and ANNUL (#36).
	private static EntryType type(JsonNode node) {
		if (node == null || !node.isString()) {
			return null;
		}
		return switch (node.stringValue()) {
			case "CHECK_IN" -> EntryType.CHECK_IN;
			case "EXIT" -> EntryType.EXIT;
			case "REFUSED" -> EntryType.REFUSED;
			case "ANNUL" -> EntryType.ANNUL;
			default -> null;
		};
	}

	// A REFUSED is a REFUSE with a reason of the fixed list; a CHECK_IN's decision, when
	// it has one (a kiosk of an event with a policy), is an ADMIT; an EXIT is never
	// decided, so it carries none (docs/access-control.md).
	private static DecisionCheck decision(EntryType type, JsonNode node) {
		if (node == null) {
			return (type == EntryType.REFUSED) ? DecisionCheck.invalid("kioskDecision") : DecisionCheck.NONE;
		}
		if (type == EntryType.EXIT || !node.isObject()) {
			return DecisionCheck.invalid("kioskDecision");
		}
		KioskDecision.Decision expected = (type == EntryType.REFUSED) ? KioskDecision.Decision.REFUSE
				: KioskDecision.Decision.ADMIT;
		JsonNode decision = node.get("decision");
		if (decision == null || !decision.isString() || !expected.name().equals(decision.stringValue())) {
			return DecisionCheck.invalid("kioskDecision.decision");
		}
		JsonNode reason = present(node.get("reason"));
		if (expected == KioskDecision.Decision.ADMIT) {
			return (reason == null) ? new DecisionCheck(KioskDecision.admit(), null)
					: DecisionCheck.invalid("kioskDecision.reason");
		}
		if (reason == null || !reason.isString() || !KioskDecision.REASONS.contains(reason.stringValue())) {
			return DecisionCheck.invalid("kioskDecision.reason");
		}
		return new DecisionCheck(KioskDecision.refuse(reason.stringValue()), null);
	}

	// an optional field sent as null is absent
	private static JsonNode present(JsonNode node) {
		return (node == null || node.isNull()) ? null : node;
	}

	// RFC 3339 with seconds and an offset, parsed by position (Rfc3339), and a plausible
	// clock reading: year 0 parses, but PostgreSQL refuses it, and one such entry used to
	// fail its whole batch on every retry (invariant 11)
	private static OffsetDateTime time(JsonNode node) {
		OffsetDateTime time = (node != null && node.isString()) ? Rfc3339.parseOrNull(node.stringValue()) : null;
		return (time != null && EntryBounds.isPlausible(time)) ? time : null;
	}

	// badge text is printed: no control characters and no broken UTF-16, which
	// PostgreSQL text and ZPL would both refuse
	private static boolean badgeText(JsonNode node) {
		if (node == null || node.isNull()) {
			return true;
		}
		if (!node.isString() || node.stringValue().length() > BadgeOverrides.MAX_LENGTH) {
			return false;
		}
		return TextSafety.isPrintable(node.stringValue());
	}

	private static String text(JsonNode node) {
		return (node != null && node.isString()) ? node.stringValue() : null;
	}

	// the kiosk's decision, or the field that makes it invalid
	private record DecisionCheck(KioskDecision decision, String invalidField) {

		static final DecisionCheck NONE = new DecisionCheck(null, null);

		static DecisionCheck invalid(String field) {
			return new DecisionCheck(null, field);
		}

	}

}
