package io.eventops.edge.kiosk;

/**
 * What a kiosk may do at the edge (issue #37), enforced on every {@code /v1/kiosks/**}
 * request; a request outside it is a 403 {@code outside-profile} naming the profile
 * (docs/fleet.md).
 */
public enum KioskProfile {

	/**
	 * Self-service, the default (and what every kiosk provisioned before profiles is):
	 * its own event and area; flush (annulling only its own admissions), snapshot and
	 * changes, admission checks, express codes, its allowance and occupancy, badge status
	 * and its sync state.
	 */
	KIOSK,

	/**
	 * A staffed desk: what a self-service kiosk does, and annulments of any admission of
	 * its event.
	 */
	DESK,

	/** An exit: its sync state and flushes of {@code EXIT} entries only. */
	EXIT;

	/**
	 * The {@code @Pattern} of a profile as sent, so that a bad one is a 422 naming it.
	 */
	static final String PATTERN = "KIOSK|DESK|EXIT";

}
