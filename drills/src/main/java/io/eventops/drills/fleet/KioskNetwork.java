package io.eventops.drills.fleet;

import io.eventops.agent.http.NetworkGate;

/**
 * One kiosk's network: the chaos drill takes kiosks offline and back online one by one.
 */
public final class KioskNetwork implements NetworkGate {

	private volatile boolean up = true;

	@Override
	public boolean isUp() {
		return this.up;
	}

	/**
	 * Sets the network up or down.
	 * @param up whether requests may leave the kiosk
	 */
	public void set(boolean up) {
		this.up = up;
	}

}
