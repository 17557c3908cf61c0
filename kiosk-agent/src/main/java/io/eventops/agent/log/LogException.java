package io.eventops.agent.log;

/**
 * A storage failure of the log; a check-in that fails with it was not recorded.
 */
public class LogException extends RuntimeException {

	LogException(String message, Throwable cause) {
		super(message, cause);
	}

}
