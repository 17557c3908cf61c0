package io.eventops.orchestrator.printer;

import io.eventops.web.Refusal;

/**
 * The print orchestrator's problem types: the stable last segment of each problem's
 * {@code type} URI.
 */
public enum PrintProblem implements Refusal.Type {

	NOT_FOUND("not-found"),

	BACKUP_IS_DEAD_PRINTER("backup-is-dead-printer"),

	BACKUP_OUT_OF_SERVICE("backup-out-of-service"),

	PRINTER_EXISTS("printer-exists"),

	PRINTER_ADDRESS_NOT_ALLOWED("printer-address-not-allowed"),

	PRINTER_IN_SERVICE("printer-in-service"),

	PROBE_NOT_CLEAN("probe-not-clean"),

	PROBE_PRINT_REQUIRED("probe-print-required"),

	PRINTER_CHANGED("printer-changed"),

	PROBE_PRINT_FAILED("probe-print-failed"),

	MALFORMED_ATTENDEE_ID("malformed-attendee-id"),

	NO_BADGE_JOB("no-badge-job");

	private final String slug;

	PrintProblem(String slug) {
		this.slug = slug;
	}

	@Override
	public String slug() {
		return this.slug;
	}

}
