package io.eventops.console.upstream;

import java.io.IOException;

import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.client.ClientHttpResponse;

/**
 * A service answered with an error: its status and body (an RFC 9457 problem from the
 * suite's services), which the console hands back to the page unchanged.
 */
public final class UpstreamProblem extends RuntimeException {

	private final String service;

	private final HttpStatusCode status;

	private final transient byte[] body;

	private final transient MediaType contentType;

	private UpstreamProblem(String service, HttpStatusCode status, byte[] body, MediaType contentType) {
		super(service + " answered " + status.value());
		this.service = service;
		this.status = status;
		this.body = body;
		this.contentType = contentType;
	}

	static void raise(String service, ClientHttpResponse response) throws IOException {
		throw new UpstreamProblem(service, response.getStatusCode(), response.getBody().readAllBytes(),
				response.getHeaders().getContentType());
	}

	/**
	 * @return which service answered
	 */
	public String service() {
		return this.service;
	}

	/**
	 * @return the service's status
	 */
	public HttpStatusCode status() {
		return this.status;
	}

	/**
	 * @return the service's body
	 */
	public byte[] body() {
		return this.body;
	}

	/**
	 * @return the body's type, or {@code null}
	 */
	public MediaType contentType() {
		return this.contentType;
	}

}
