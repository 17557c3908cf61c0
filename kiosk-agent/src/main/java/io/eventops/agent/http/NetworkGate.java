package io.eventops.agent.http;

/**
 * Whether the kiosk's network is up: the fleet simulator cuts it to script outages
 * without touching the edge.
 */
@FunctionalInterface
public interface NetworkGate {

	/** A network that is always up. */
	NetworkGate ALWAYS_UP = () -> true;

	/**
	 * Whether requests may leave the kiosk now.
	 * @return {@code false} while the network is cut
	 */
	boolean isUp();

}
