package io.eventops.rules.cel;

/**
 * A rule expression that does not compile, does not type-check, is not a {@code bool} or
 * exceeds the environment's bounds; the message is CEL's own.
 */
public class InvalidRuleException extends RuntimeException {

	public InvalidRuleException(String message, Throwable cause) {
		super(message, cause);
	}

}
