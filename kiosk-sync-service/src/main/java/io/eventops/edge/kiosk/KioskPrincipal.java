package io.eventops.edge.kiosk;

/**
 * An authenticated kiosk: the one kioskId its token authorises, the event and printer
 * pool its check-ins belong to, and the area and direction it was provisioned for (issue
 * #35).
 *
 * @param kioskId the kiosk
 * @param eventId its event
 * @param printerPool the pool its badges print on
 * @param areaId the area of the event's policy it serves, or {@code null} for the event's
 * implicit area
 * @param direction which way it lets people through
 * @param profile what it may do at the edge (issue #37)
 */
public record KioskPrincipal(String kioskId, String eventId, String printerPool, String areaId,
		KioskDirection direction, KioskProfile profile) {

	/**
	 * A self-service kiosk of an area, as every kiosk was before issue #37's profiles.
	 * @param kioskId the kiosk
	 * @param eventId its event
	 * @param printerPool the pool its badges print on
	 * @param areaId its area, or {@code null}
	 * @param direction its direction
	 */
	public KioskPrincipal(String kioskId, String eventId, String printerPool, String areaId, KioskDirection direction) {
		this(kioskId, eventId, printerPool, areaId, direction, KioskProfile.KIOSK);
	}

	/**
	 * An entry kiosk of the event's implicit area, as every kiosk was before issue #35.
	 * @param kioskId the kiosk
	 * @param eventId its event
	 * @param printerPool the pool its badges print on
	 */
	public KioskPrincipal(String kioskId, String eventId, String printerPool) {
		this(kioskId, eventId, printerPool, null, KioskDirection.ENTRY, KioskProfile.KIOSK);
	}

}
