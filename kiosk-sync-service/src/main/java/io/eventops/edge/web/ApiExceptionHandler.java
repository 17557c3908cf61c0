package io.eventops.edge.web;

import io.eventops.web.ProblemResponses;

import java.net.URI;
import java.util.List;
import java.util.Locale;

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

	@ExceptionHandler(Exception.class)
	ResponseEntity<ProblemDetail> unexpected(Exception ex) {
		logger.error("Unexpected error", ex);
		return ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR)
			.body(ProblemResponses.problem(HttpStatus.INTERNAL_SERVER_ERROR, "internal", "Internal error",
					"The request could not be completed; nothing was acknowledged."));
	}

	// Spring MVC's own problems (415, 405, 406…) get a stable type like ours instead of
	// about:blank
	@Override
	protected ResponseEntity<Object> createResponseEntity(Object body, HttpHeaders headers, HttpStatusCode statusCode,
			WebRequest request) {
		if (body instanceof ProblemDetail problem
				&& (problem.getType() == null || "about:blank".equals(problem.getType().toString()))) {
			HttpStatus status = HttpStatus.resolve(statusCode.value());
			String slug = (status != null) ? status.name().toLowerCase(Locale.ROOT).replace('_', '-') : "error";
			problem.setType(URI.create(ProblemResponses.TYPE_BASE + slug));
		}
		return super.createResponseEntity(body, headers, statusCode, request);
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
