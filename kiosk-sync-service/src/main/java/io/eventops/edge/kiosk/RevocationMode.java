package io.eventops.edge.kiosk;

/**
 * How a kiosk is revoked (issue #37, docs/fleet.md).
 */
public enum RevocationMode {

	/**
	 * Taken out of service: the kiosk keeps flushing (and heartbeating) for
	 * {@code eventops.edge.kiosks.retire-grace}, so that what it holds reaches the
	 * server, then its token stops.
	 */
	RETIRE,

	/**
	 * Lost or stolen: its token is refused at once; what it held at its last contact is
	 * what is unaccounted for.
	 */
	LOST;

	/** The {@code @Pattern} of a mode as sent, so that a bad one is a 422 naming it. */
	static final String PATTERN = "RETIRE|LOST";

}
