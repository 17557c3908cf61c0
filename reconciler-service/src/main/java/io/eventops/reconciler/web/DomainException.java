package io.eventops.reconciler.web;

import java.util.List;

import io.eventops.web.ProblemResponses;
import io.eventops.web.Refusal;

/**
 * The reconciler's refusals: a {@link Refusal} of a kind and a {@link ReconcilerProblem};
 * free of HTTP (service-web maps the kind to the status).
 */
public class DomainException extends Refusal {

	public DomainException(Kind kind, ReconcilerProblem type, String title, String detail) {
		super(kind, type, title, detail, List.of(), null);
	}

	private DomainException(Kind kind, ReconcilerProblem type, String title, String detail,
			List<ProblemResponses.FieldError> errors) {
		super(kind, type, title, detail, errors, null);
	}

	public static DomainException validation(List<ProblemResponses.FieldError> errors) {
		return new DomainException(Kind.INVALID, ReconcilerProblem.VALIDATION, "Invalid request",
				errors.size() + " invalid fields; nothing was changed.", errors);
	}

	public static DomainException notFound(String what, String id) {
		return new DomainException(Kind.NOT_FOUND, ReconcilerProblem.NOT_FOUND, what + " not found",
				what + " '" + id + "' does not exist.");
	}

	public static DomainException conflict(ReconcilerProblem type, String detail) {
		return new DomainException(Kind.CONFLICT, type, "Conflict", detail);
	}

	public static DomainException invalid(ReconcilerProblem type, String detail) {
		return new DomainException(Kind.INVALID, type, "Invalid request", detail);
	}

}
