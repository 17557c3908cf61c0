package io.eventops.edge.web;

import io.eventops.web.ProblemExceptionHandler;
import io.eventops.web.ProblemResponses;

import org.springframework.http.HttpHeaders;
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
		super("The request could not be completed; nothing was acknowledged.");
	}

	@ExceptionHandler(EdgeException.class)
	ResponseEntity<ProblemDetail> edge(EdgeException ex) {
		ProblemDetail problem = ProblemResponses.problem(ex.status(), ex.slug(), ex.title(), ex.getMessage());
		if (!ex.errors().isEmpty()) {
			problem.setProperty("errors", ex.errors());
		}
		ResponseEntity.BodyBuilder response = ResponseEntity.status(ex.status());
		if (ex.retryAfter() != null) {
			// whole seconds, at least one: a zero would invite a retry storm
			response.header(HttpHeaders.RETRY_AFTER,
					Long.toString(Math.max(1, (ex.retryAfter().toMillis() + 999) / 1000)));
		}
		return response.body(problem);
	}

}
