package io.eventops.web;

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
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * What every service's exception handler shares: any exception that leaves a controller
 * becomes an RFC 9457 problem, a 500 never carries the exception's message, validation
 * failures list their fields with 422, and Spring MVC's own problems (415, 405, 406…) get
 * a stable type like ours instead of {@code about:blank}, and every {@link Refusal} gets
 * the status of its kind: the one place where domain refusals become HTTP. A service
 * extends it with a {@code @RestControllerAdvice}.
 */
public abstract class ProblemExceptionHandler extends ResponseEntityExceptionHandler {

	private static final String INVALID_FIELDS = "The request has invalid fields.";

	private final Logger log = LoggerFactory.getLogger(getClass());

	private final String internalErrorDetail;

	/**
	 * Creates the handler.
	 * @param internalErrorDetail the detail of a 500, telling the caller what became of
	 * its request (e.g. that nothing was applied)
	 */
	protected ProblemExceptionHandler(String internalErrorDetail) {
		this.internalErrorDetail = internalErrorDetail;
	}

	@ExceptionHandler(Refusal.class)
	ResponseEntity<ProblemDetail> refused(Refusal ex) {
		HttpStatus status = status(ex.kind());
		ProblemDetail problem = ProblemResponses.problem(status, ex.slug(), ex.title(), ex.getMessage());
		if (!ex.errors().isEmpty()) {
			problem.setProperty("errors", ex.errors());
		}
		ResponseEntity.BodyBuilder response = ResponseEntity.status(status);
		if (ex.retryAfter() != null) {
			// whole seconds, at least one: a zero would invite a retry storm
			response.header(HttpHeaders.RETRY_AFTER,
					Long.toString(Math.max(1, (ex.retryAfter().toMillis() + 999) / 1000)));
		}
		return response.body(problem);
	}

	/**
	 * The status of a kind of refusal.
	 * @param kind the kind
	 * @return its HTTP status
	 */
	public static HttpStatus status(Refusal.Kind kind) {
		return switch (kind) {
			case MALFORMED -> HttpStatus.BAD_REQUEST;
			case NOT_FOUND -> HttpStatus.NOT_FOUND;
			case CONFLICT -> HttpStatus.CONFLICT;
			case GONE -> HttpStatus.GONE;
			case TOO_LARGE -> HttpStatus.CONTENT_TOO_LARGE;
			case TOO_SLOW -> HttpStatus.REQUEST_TIMEOUT;
			case INVALID -> HttpStatus.UNPROCESSABLE_CONTENT;
			case THROTTLED -> HttpStatus.TOO_MANY_REQUESTS;
			case UNAVAILABLE -> HttpStatus.SERVICE_UNAVAILABLE;
			case NOT_STORED -> HttpStatus.INTERNAL_SERVER_ERROR;
		};
	}

	@ExceptionHandler(Exception.class)
	ResponseEntity<ProblemDetail> unexpected(Exception ex) {
		this.log.error("Unexpected error", ex);
		return ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR)
			.body(ProblemResponses.problem(HttpStatus.INTERNAL_SERVER_ERROR, "internal", "Internal error",
					this.internalErrorDetail));
	}

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
			.body(ProblemResponses.validation(HttpStatus.UNPROCESSABLE_CONTENT, INVALID_FIELDS, errors));
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
			.body(ProblemResponses.validation(HttpStatus.UNPROCESSABLE_CONTENT, INVALID_FIELDS, errors));
	}

}
