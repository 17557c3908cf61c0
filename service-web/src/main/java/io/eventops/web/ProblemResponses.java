package io.eventops.web;

import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;

/**
 * Builds a service's RFC 9457 problems with stable {@code type} URIs, also for the
 * security filters that answer before any controller runs.
 */
public class ProblemResponses {

	/** The challenge of HTTP Basic, for 401 answers to ops and admins. */
	public static final String BASIC_CHALLENGE = "Basic realm=\"eventops\"";

	/** Base of every problem {@code type}; the last path segment is the stable slug. */
	public static final String TYPE_BASE = "https://eventops.dev/problems/";

	private final JsonMapper jsonMapper;

	public ProblemResponses(JsonMapper jsonMapper) {
		this.jsonMapper = jsonMapper;
	}

	/**
	 * A problem.
	 * @param status the HTTP status
	 * @param slug the stable last segment of the type URI
	 * @param title a short, stable summary
	 * @param detail what happened in this case (never an exception message)
	 * @return the problem
	 */
	public static ProblemDetail problem(HttpStatus status, String slug, String title, String detail) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
		problem.setType(URI.create(TYPE_BASE + slug));
		problem.setTitle(title);
		return problem;
	}

	/**
	 * A validation problem with an {@code errors} array of {@code {field, message}}.
	 * @param status the HTTP status (400 or 422)
	 * @param detail the summary
	 * @param errors the offending fields
	 * @return the problem
	 */
	public static ProblemDetail validation(HttpStatus status, String detail, List<FieldError> errors) {
		ProblemDetail problem = problem(status, "validation", "Invalid request", detail);
		problem.setProperty("errors", errors);
		return problem;
	}

	/**
	 * The 401 of a security filter chain, as a problem with a challenge.
	 * @param challenge the {@code WWW-Authenticate} value for a request
	 * @return the entry point
	 */
	public AuthenticationEntryPoint unauthorized(Function<HttpServletRequest, String> challenge) {
		return (request, response, ex) -> write(response, HttpStatus.UNAUTHORIZED, "unauthorized", "Unauthorized",
				"Valid credentials are required.", challenge.apply(request));
	}

	/**
	 * The 403 of a security filter chain, as a problem.
	 * @param detail why, in the service's words
	 * @return the handler
	 */
	public AccessDeniedHandler forbidden(String detail) {
		return (request, response, ex) -> write(response, HttpStatus.FORBIDDEN, "forbidden", "Forbidden", detail, null);
	}

	/**
	 * Writes a problem straight to a servlet response.
	 * @param response the response
	 * @param status the status
	 * @param slug the type slug
	 * @param title the title
	 * @param detail the detail
	 * @param challenge the {@code WWW-Authenticate} challenge, or {@code null}
	 * @throws IOException when the response cannot be written
	 */
	public void write(HttpServletResponse response, HttpStatus status, String slug, String title, String detail,
			String challenge) throws IOException {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("type", TYPE_BASE + slug);
		body.put("title", title);
		body.put("status", status.value());
		body.put("detail", detail);
		response.setStatus(status.value());
		if (challenge != null) {
			response.setHeader("WWW-Authenticate", challenge);
		}
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		response.setCharacterEncoding("UTF-8");
		this.jsonMapper.writeValue(response.getOutputStream(), body);
	}

	/**
	 * One offending field of a validation problem.
	 *
	 * @param field the field's path
	 * @param message what is wrong with it
	 */
	public record FieldError(String field, String message) {
	}

}
