package io.eventops.agent.simulate;

/**
 * A provisioned kiosk of the simulated fleet.
 *
 * @param kioskId the kiosk
 * @param token its bearer token
 */
public record KioskCredentials(String kioskId, String token) {
}
