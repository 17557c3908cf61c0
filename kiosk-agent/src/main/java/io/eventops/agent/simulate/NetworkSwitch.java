package io.eventops.agent.simulate;

import io.eventops.agent.http.NetworkGate;

/**
 * The fleet's shared network: cut and restored by the outage script.
 */
final class NetworkSwitch implements NetworkGate {

	private volatile boolean up = true;

	@Override
	public boolean isUp() {
		return this.up;
	}

	void cut() {
		this.up = false;
	}

	void restore() {
		this.up = true;
	}

}
