package io.eventops.agent;

/**
 * An express code could not be redeemed because the edge is out of reach; codes are never
 * redeemed offline.
 */
public class ExpressCodeOfflineException extends RuntimeException {

	public ExpressCodeOfflineException(String message, Throwable cause) {
		super(message, cause);
	}

}
