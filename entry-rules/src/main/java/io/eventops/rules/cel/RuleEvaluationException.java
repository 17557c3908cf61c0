package io.eventops.rules.cel;

/**
 * A compiled rule that failed on given facts (a division by zero, the iteration budget
 * spent). The message is CEL's own, for logs; it is formatted in the JVM's default locale
 * (its digits), so a decision names the locale-free {@link #errorCode()} instead.
 */
public class RuleEvaluationException extends RuntimeException {

	private final String errorCode;

	public RuleEvaluationException(String message, String errorCode, Throwable cause) {
		super(message, cause);
		this.errorCode = errorCode;
	}

	/**
	 * CEL's error code, e.g. {@code DIVIDE_BY_ZERO} or {@code ITERATION_BUDGET_EXCEEDED}.
	 * @return the code
	 */
	public String errorCode() {
		return this.errorCode;
	}

}
