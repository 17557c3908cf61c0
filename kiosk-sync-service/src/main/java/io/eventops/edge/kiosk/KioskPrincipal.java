package io.eventops.edge.kiosk;

/**
 * An authenticated kiosk: the one kioskId its token authorises, and the event and printer
 * pool its check-ins belong to.
 *
 * @param kioskId the kiosk
 * @param eventId its event
 * @param printerPool the pool its badges print on
 */
public record KioskPrincipal(String kioskId, String eventId, String printerPool) {
}
