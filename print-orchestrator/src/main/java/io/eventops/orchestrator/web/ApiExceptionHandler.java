package io.eventops.orchestrator.web;

import io.eventops.web.ProblemExceptionHandler;

import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * The orchestrator's problems: every refusal, 500, validation failure and Spring MVC
 * problem is mapped by {@link ProblemExceptionHandler}; only the detail of a 500 is the
 * orchestrator's.
 */
@RestControllerAdvice
class ApiExceptionHandler extends ProblemExceptionHandler {

	ApiExceptionHandler() {
		super("The request could not be completed.");
	}

}
