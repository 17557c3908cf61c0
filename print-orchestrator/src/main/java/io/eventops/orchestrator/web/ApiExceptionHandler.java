package io.eventops.orchestrator.web;

import io.eventops.orchestrator.printer.OperationRefusedException;
import io.eventops.web.ProblemExceptionHandler;
import io.eventops.web.ProblemResponses;

import org.springframework.http.HttpStatus;
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
		super("The request could not be completed.");
	}

	@ExceptionHandler(OperationRefusedException.class)
	ResponseEntity<ProblemDetail> refused(OperationRefusedException ex) {
		HttpStatus status = switch (ex.kind()) {
			case NOT_FOUND -> HttpStatus.NOT_FOUND;
			case CONFLICT -> HttpStatus.CONFLICT;
			case INVALID -> HttpStatus.UNPROCESSABLE_CONTENT;
		};
		String title = switch (ex.kind()) {
			case NOT_FOUND -> "Not found";
			case CONFLICT -> "Conflict";
			case INVALID -> "Invalid request";
		};
		return ResponseEntity.status(status).body(ProblemResponses.problem(status, ex.slug(), title, ex.getMessage()));
	}

}
