package io.eventops.console.upstream;

import io.eventops.web.ProblemExceptionHandler;
import io.eventops.web.ProblemResponses;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.client.ResourceAccessException;

/**
 * The console's errors as RFC 9457 problems: a service's problem goes to the page as the
 * service sent it (status and body), a service that cannot be reached is a 502 that names
 * it, and the rest as every service of the suite answers them.
 */
@RestControllerAdvice
class ConsoleExceptionHandler extends ProblemExceptionHandler {

	ConsoleExceptionHandler() {
		super("The console failed to pass the request on; the service's own screens show whether it was applied.");
	}

	@ExceptionHandler(UpstreamProblem.class)
	ResponseEntity<?> upstream(UpstreamProblem ex) {
		MediaType type = ex.contentType();
		if (type != null && (MediaType.APPLICATION_PROBLEM_JSON.isCompatibleWith(type)
				|| MediaType.APPLICATION_JSON.isCompatibleWith(type))) {
			return ResponseEntity.status(ex.status()).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(ex.body());
		}
		// not one of the suite's problems (a balancer's error page): say which service
		ProblemDetail problem = ProblemResponses.problem(HttpStatus.BAD_GATEWAY, "upstream-error",
				"The service answered with an error",
				"The " + ex.service() + " answered " + ex.status().value() + " without a problem description.");
		return ResponseEntity.status(HttpStatus.BAD_GATEWAY).body(problem);
	}

	@ExceptionHandler(ResourceAccessException.class)
	ResponseEntity<ProblemDetail> unreachable(ResourceAccessException ex) {
		ProblemDetail problem = ProblemResponses.problem(HttpStatus.BAD_GATEWAY, "upstream-unavailable",
				"A service cannot be reached", "A service did not answer in time or cannot be reached; nothing is known"
						+ " to have changed. Try again, or see the service-health runbook.");
		return ResponseEntity.status(HttpStatus.BAD_GATEWAY).body(problem);
	}

}
