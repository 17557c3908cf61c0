package io.eventops.reconciler.web;

import io.eventops.web.ProblemExceptionHandler;
import io.eventops.web.ProblemResponses;

import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Maps this service's own exceptions to RFC 9457 problems; the rest (500s, validation,
 * Spring MVC's problems) is {@link ProblemExceptionHandler}'s.
 */
@RestControllerAdvice
class ApiExceptionHandler extends ProblemExceptionHandler {

	ApiExceptionHandler() {
		super("The request could not be completed; it was not applied.");
	}

	@ExceptionHandler(DomainException.class)
	ResponseEntity<ProblemDetail> domain(DomainException ex) {
		ProblemDetail problem = ProblemResponses.problem(ex.status(), ex.slug(), ex.title(), ex.getMessage());
		if (!ex.errors().isEmpty()) {
			problem.setProperty("errors", ex.errors());
		}
		return ResponseEntity.status(ex.status()).body(problem);
	}

}
