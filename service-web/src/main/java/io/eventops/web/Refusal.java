package io.eventops.web;

import java.time.Duration;
import java.util.List;

/**
 * A request a service refuses, as domain code says it: what kind of refusal it is, its
 * stable problem type, and what happened. It carries no HTTP: the kind is turned into a
 * status in one place, {@link ProblemExceptionHandler}, for every service. Each service
 * lists its problem types in one enum that implements {@link Type}.
 */
public class Refusal extends RuntimeException {

	private final Kind kind;

	private final Type type;

	private final String title;

	private final List<ProblemResponses.FieldError> errors;

	private final Duration retryAfter;

	/**
	 * Creates a refusal.
	 * @param kind what kind of refusal
	 * @param type the stable problem type
	 * @param title a short, stable summary, or {@code null} for the kind's
	 * @param detail what happened in this case
	 * @param errors the offending fields, if any
	 * @param retryAfter when a retry may succeed, or {@code null} when it will not
	 */
	public Refusal(Kind kind, Type type, String title, String detail, List<ProblemResponses.FieldError> errors,
			Duration retryAfter) {
		super(detail);
		this.kind = kind;
		this.type = type;
		this.title = (title != null) ? title : kind.title();
		this.errors = List.copyOf(errors);
		this.retryAfter = retryAfter;
	}

	/**
	 * Creates a refusal with the kind's title, no fields and no retry.
	 * @param kind what kind of refusal
	 * @param type the stable problem type
	 * @param detail what happened in this case
	 */
	public Refusal(Kind kind, Type type, String detail) {
		this(kind, type, null, detail, List.of(), null);
	}

	public Kind kind() {
		return this.kind;
	}

	public Type type() {
		return this.type;
	}

	public String slug() {
		return this.type.slug();
	}

	public String title() {
		return this.title;
	}

	public List<ProblemResponses.FieldError> errors() {
		return this.errors;
	}

	/**
	 * How long the caller should wait before retrying.
	 * @return the delay, or {@code null} when the refusal is not retryable
	 */
	public Duration retryAfter() {
		return this.retryAfter;
	}

	/**
	 * What kind of refusal, in the domain's words.
	 */
	public enum Kind {

		/** The request cannot be read as what it claims to be. */
		MALFORMED("Malformed request"),

		/** The named resource does not exist. */
		NOT_FOUND("Not found"),

		/** The resource's state does not allow it. */
		CONFLICT("Conflict"),

		/** The resource existed and is gone for good. */
		GONE("Gone"),

		/** The request is larger than the service takes. */
		TOO_LARGE("Request too large"),

		/** The request's body did not arrive within the time the service gives it. */
		TOO_SLOW("Request timeout"),

		/** The request is well formed but makes no sense. */
		INVALID("Invalid request"),

		/** The caller is over a limit of its own; a retry later may succeed. */
		THROTTLED("Too many requests"),

		/** The service cannot do it now; a retry later may succeed. */
		UNAVAILABLE("Service unavailable"),

		/**
		 * The service is up, but could not store this request; nothing of it was kept,
		 * and a retry later may succeed. A 500, not a 503: it is about this request, so a
		 * caller's circuit breaker, which is about the service, must not count it
		 * (invariant 11).
		 */
		NOT_STORED("Not stored");

		private final String title;

		Kind(String title) {
			this.title = title;
		}

		public String title() {
			return this.title;
		}

	}

	/**
	 * A stable problem type: the last segment of the problem's {@code type} URI.
	 */
	public interface Type {

		/**
		 * The slug, e.g. {@code not-found}.
		 * @return the slug
		 */
		String slug();

	}

}
