package io.eventops.edge.web;

import io.eventops.web.ProblemExceptionHandler;
import io.eventops.web.ProblemResponses;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * The edge's problems: every refusal, 500, validation failure and Spring MVC problem is
 * mapped by {@link ProblemExceptionHandler}; only the detail of a 500 and the 403 of a
 * request outside a kiosk's profile are the edge's.
 */
@RestControllerAdvice
class ApiExceptionHandler extends ProblemExceptionHandler {

	ApiExceptionHandler() {
		super("The request could not be completed; nothing was acknowledged.");
	}

	@ExceptionHandler(OutsideProfileException.class)
	ResponseEntity<ProblemDetail> outsideProfile(OutsideProfileException ex) {
		ProblemDetail problem = ProblemResponses.problem(HttpStatus.FORBIDDEN, EdgeProblem.OUTSIDE_PROFILE.slug(),
				"Outside the kiosk's profile", ex.getMessage());
		problem.setProperty("profile", ex.profile());
		return ResponseEntity.status(HttpStatus.FORBIDDEN)
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.body(problem);
	}

}
