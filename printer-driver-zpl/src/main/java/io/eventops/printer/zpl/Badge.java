package io.eventops.printer.zpl;

import java.util.Objects;

/**
 * The content of one attendee badge plus the ids that trace the printed label back to its
 * print job.
 *
 * @param jobId the badge job id (a UUID in practice)
 * @param attendeeId the attendee id
 * @param credentialVersion the attendee credential version the badge carries
 * @param displayName the name printed large at the top
 * @param company the company line, may be empty
 * @param tier the ticket tier, may be empty
 * @param qrPayload the attendee credential encoded in the QR code
 */
public record Badge(String jobId, String attendeeId, int credentialVersion, String displayName, String company,
		String tier, String qrPayload) {

	public Badge {
		requireText(jobId, "jobId");
		requireText(attendeeId, "attendeeId");
		requireText(qrPayload, "qrPayload");
		if (credentialVersion < 0) {
			throw new IllegalArgumentException("credentialVersion must be >= 0");
		}
		Objects.requireNonNull(displayName, "displayName");
		company = (company != null) ? company : "";
		tier = (tier != null) ? tier : "";
	}

	private static void requireText(String value, String name) {
		if (value == null || value.isBlank()) {
			throw new IllegalArgumentException(name + " must not be blank");
		}
	}

}
