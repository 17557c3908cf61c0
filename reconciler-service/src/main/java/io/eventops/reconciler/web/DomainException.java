package io.eventops.reconciler.web;

import io.eventops.web.ProblemResponses;

import java.util.List;

import org.springframework.http.HttpStatus;

/**
 * A refusal that the API reports as a problem with its own status and stable type slug.
 */
public class DomainException extends RuntimeException {

	private final HttpStatus status;

	private final String slug;

	private final String title;

	private final List<ProblemResponses.FieldError> errors;

	public DomainException(HttpStatus status, String slug, String title, String detail) {
		this(status, slug, title, detail, List.of());
	}

	private DomainException(HttpStatus status, String slug, String title, String detail,
			List<ProblemResponses.FieldError> errors) {
		super(detail);
		this.status = status;
		this.slug = slug;
		this.title = title;
		this.errors = List.copyOf(errors);
	}

	public static DomainException validation(List<ProblemResponses.FieldError> errors) {
		return new DomainException(HttpStatus.UNPROCESSABLE_CONTENT, "validation", "Invalid request",
				errors.size() + " invalid fields; nothing was changed.", errors);
	}

	public static DomainException notFound(String what, String id) {
		return new DomainException(HttpStatus.NOT_FOUND, "not-found", what + " not found",
				what + " '" + id + "' does not exist.");
	}

	public static DomainException conflict(String slug, String detail) {
		return new DomainException(HttpStatus.CONFLICT, slug, "Conflict", detail);
	}

	public static DomainException invalid(String slug, String detail) {
		return new DomainException(HttpStatus.UNPROCESSABLE_CONTENT, slug, "Invalid request", detail);
	}

	public HttpStatus status() {
		return this.status;
	}

	public String slug() {
		return this.slug;
	}

	public String title() {
		return this.title;
	}

	public List<ProblemResponses.FieldError> errors() {
		return this.errors;
	}

}
