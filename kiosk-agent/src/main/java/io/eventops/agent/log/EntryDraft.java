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
 * @param annuls for an {@code ANNUL}, the key of this kiosk's admission it undoes (the
 * entry then names no area on the wire; {@code areaId} is the admission's, kept in the
 * log)
 */
public record EntryDraft(EntryType type, String areaId, Long policyVersion, KioskDecision kioskDecision,
		boolean badgePrintedLocally, BadgeOverrides badge, String annuls) {

	/**
	 * A draft that annuls nothing.
	 * @param type the kind
	 * @param areaId the area or {@code null}
	 * @param policyVersion the version or {@code null}
	 * @param kioskDecision the decision or {@code null}
	 * @param badgePrintedLocally whether printed here
	 * @param badge overrides or {@code null}
	 */
	public EntryDraft(EntryType type, String areaId, Long policyVersion, KioskDecision kioskDecision,
			boolean badgePrintedLocally, BadgeOverrides badge) {
		this(type, areaId, policyVersion, kioskDecision, badgePrintedLocally, badge, null);
	}

}
