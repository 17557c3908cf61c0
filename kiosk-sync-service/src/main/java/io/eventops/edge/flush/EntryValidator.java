package io.eventops.edge.flush;

import java.time.OffsetDateTime;
import java.util.regex.Pattern;

import io.eventops.model.flush.BadgeOverrides;
import io.eventops.model.flush.EntryBounds;
import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.FlushEntry;
import io.eventops.model.time.Rfc3339;
import tools.jackson.databind.JsonNode;

/**
 * Checks one entry against the contract's schema and {@link EntryBounds}; the first
 * offending field is reported, so that the entry is rejected as {@code INVALID_ENTRY} on
 * its own and never blocks the rest of its batch (invariants 6 and 11).
 */
final class EntryValidator {

	private static final Pattern ATTENDEE_ID = Pattern.compile("[A-Za-z0-9_.:-]{1,64}");

	EntryCheck check(String kioskId, ParsedFlush.RawEntry raw) {
		JsonNode node = raw.node();
		JsonNode key = node.get("idempotencyKey");
		String keyAsSent = (key != null && key.isString()) ? key.stringValue() : null;
		if (!EntryBounds.isValidSeq(raw.seq())) {
			return EntryCheck.invalid(keyAsSent, "seq");
		}
		if (keyAsSent == null || !keyAsSent.equals(FlushEntry.keyOf(kioskId, raw.seq()))) {
			return EntryCheck.invalid(keyAsSent, "idempotencyKey");
		}
		JsonNode type = node.get("type");
		if (type == null || !type.isString() || !EntryType.CHECK_IN.name().equals(type.stringValue())) {
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
		return EntryCheck.valid(new FlushEntry(raw.seq(), keyAsSent, EntryType.CHECK_IN, attendee.stringValue(),
				capturedAt, queuedAt, printed != null && printed.isBoolean() && printed.booleanValue(), overrides));
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

}
