package io.eventops.model.flush;

import java.util.List;
import java.util.Objects;

/**
 * What a kiosk decided for an admission attempt under its policy version: {@code ADMIT},
 * or {@code REFUSE} with one reason of the fixed list of the entry-rules module
 * ({@code TICKET_NOT_VALID_HERE}, {@code NOT_VALID_TODAY}, {@code AREA_CLOSED},
 * {@code ALREADY_ENTERED}, {@code TOO_SOON}, {@code RULE}, {@code AREA_FULL}).
 *
 * @param decision admit or refuse
 * @param reason the reason of a refusal; {@code null} for an admission
 */
public record KioskDecision(Decision decision, String reason) {

	/** The reasons a refusal may give, in the order the decision checks them. */
	public static final List<String> REASONS = List.of("TICKET_NOT_VALID_HERE", "NOT_VALID_TODAY", "AREA_CLOSED",
			"ALREADY_ENTERED", "TOO_SOON", "RULE", "AREA_FULL");

	public KioskDecision {
		Objects.requireNonNull(decision, "decision");
		if (decision == Decision.ADMIT && reason != null) {
			throw new IllegalArgumentException("an admission has no reason");
		}
		if (decision == Decision.REFUSE && (reason == null || !REASONS.contains(reason))) {
			throw new IllegalArgumentException("a refusal needs one of " + REASONS + ", not " + reason);
		}
	}

	/**
	 * An admission.
	 * @return {@code ADMIT}
	 */
	public static KioskDecision admit() {
		return new KioskDecision(Decision.ADMIT, null);
	}

	/**
	 * A refusal.
	 * @param reason one of {@link #REASONS}
	 * @return {@code REFUSE} with the reason
	 */
	public static KioskDecision refuse(String reason) {
		return new KioskDecision(Decision.REFUSE, reason);
	}

	/** Admit or refuse. */
	public enum Decision {

		/** Let the attendee in. */
		ADMIT,

		/** Keep the attendee out. */
		REFUSE

	}

}
