package io.eventops.rules.cel;

/**
 * A compiled rule that failed on given facts (a division by zero, the iteration budget
 * spent); the message is CEL's own.
 */
public class RuleEvaluationException extends RuntimeException {

	public RuleEvaluationException(String message, Throwable cause) {
		super(message, cause);
	}

}
