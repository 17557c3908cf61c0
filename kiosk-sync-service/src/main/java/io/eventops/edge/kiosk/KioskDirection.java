package io.eventops.edge.kiosk;

/**
 * Which way a kiosk lets people through its area (issue #35): it records admissions,
 * exits or both.
 */
public enum KioskDirection {

	/** Admissions to the area (the default, and what every kiosk did before areas). */
	ENTRY,

	/** Exits from the area. */
	EXIT,

	/** Admissions and exits. */
	BOTH;

	/**
	 * The {@code @Pattern} of a direction as sent, so that a bad one is a 422 naming it.
	 */
	static final String PATTERN = "ENTRY|EXIT|BOTH";

}
