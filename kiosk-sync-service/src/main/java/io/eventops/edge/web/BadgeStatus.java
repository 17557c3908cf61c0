package io.eventops.edge.web;

import java.time.OffsetDateTime;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * Where an attendee's badge stands, for the kiosk screen: the answer of the badge read
 * (edge.badge), a wire type beside the other kiosk API schemas so that the API
 * description needs no feature package.
 *
 * @param attendeeId the attendee
 * @param status QUEUED (waiting for or on a printer's queue), PRINTING, PRINTED, or
 * ASK_STAFF (a failover flagged it, its outcome is unknown, or a reprint withdrew it)
 * @param printerId the printer it is assigned to, null while it waits for one
 * @param printedAt when the printer confirmed it, null unless PRINTED
 * @param credentialVersion the credential the badge carries
 */
@Schema(name = "BadgeStatus", requiredProperties = { "attendeeId", "status", "credentialVersion" })
public record BadgeStatus(String attendeeId, @Schema(allowableValues = {
		"QUEUED", "PRINTING", "PRINTED", "ASK_STAFF" }) String status, String printerId, OffsetDateTime printedAt,
		int credentialVersion){

}
