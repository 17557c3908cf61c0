package io.eventops.agent.log;

/**
 * Thrown when a check-in is appended to the log of a kiosk the edge revoked (a 401
 * {@code device-revoked}, issue #37): the kiosk admits no one any more, also after a
 * restart, while its unflushed entries stay in the log for {@code kiosk-agent export}.
 */
public class DeviceRevokedException extends IllegalStateException {

	public DeviceRevokedException(String why) {
		super(why);
	}

}
