package io.eventops.agent.log;

import io.eventops.model.flush.BadgeOverrides;
import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.KioskDecision;

/**
 * What an entry about to be appended says, before the log stamps it with its seq, key and
 * {@code queuedAt}.
 *
 * @param type the kind ({@code CHECK_IN}, {@code EXIT}, {@code REFUSED})
 * @param areaId the kiosk's area, or {@code null} for an event without a policy
 * @param policyVersion the version decided under, or {@code null}
 * @param kioskDecision what the kiosk decided, or {@code null}
 * @param badgePrintedLocally whether the kiosk printed the badge itself
 * @param badge optional overrides, or {@code null}
 */
public record EntryDraft(EntryType type, String areaId, Long policyVersion, KioskDecision kioskDecision,
		boolean badgePrintedLocally, BadgeOverrides badge) {
}
