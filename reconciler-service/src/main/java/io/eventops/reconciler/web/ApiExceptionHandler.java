package io.eventops.reconciler.web;

import io.eventops.web.ProblemResponses;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Maps every exception that leaves a controller to an RFC 9457 problem; a 500 never
 * carries the exception's message.
 */
@RestControllerAdvice
class ApiExceptionHandler extends ResponseEntityExceptionHandler {

	private static final Logger logger = LoggerFactory.getLogger(ApiExceptionHandler.class);

	@ExceptionHandler(DomainException.class)
	ResponseEntity<ProblemDetail> domain(DomainException ex) {
		ProblemDetail problem = ProblemResponses.problem(ex.status(), ex.slug(), ex.title(), ex.getMessage());
		if (!ex.errors().isEmpty()) {
			problem.setProperty("errors", ex.errors());
		}
		return ResponseEntity.status(ex.status()).body(problem);
	}

	@ExceptionHandler(Exception.class)
	ResponseEntity<ProblemDetail> unexpected(Exception ex) {
		logger.error("Unexpected error", ex);
		return ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR)
			.body(ProblemResponses.problem(HttpStatus.INTERNAL_SERVER_ERROR, "internal", "Internal error",
					"The request could not be completed; it was not applied."));
	}

	@Override
	protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		List<ProblemResponses.FieldError> errors = ex.getBindingResult()
			.getFieldErrors()
			.stream()
			.map((error) -> new ProblemResponses.FieldError(error.getField(), error.getDefaultMessage()))
			.toList();
		return ResponseEntity.unprocessableContent()
			.body(ProblemResponses.validation(HttpStatus.UNPROCESSABLE_CONTENT, "The request has invalid fields.",
					errors));
	}

	@Override
	protected ResponseEntity<Object> handleHandlerMethodValidationException(HandlerMethodValidationException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		List<ProblemResponses.FieldError> errors = ex.getParameterValidationResults()
			.stream()
			.flatMap((result) -> result.getResolvableErrors()
				.stream()
				.map((error) -> new ProblemResponses.FieldError(result.getMethodParameter().getParameterName(),
						error.getDefaultMessage())))
			.toList();
		return ResponseEntity.unprocessableContent()
			.body(ProblemResponses.validation(HttpStatus.UNPROCESSABLE_CONTENT, "The request has invalid fields.",
					errors));
	}

}
