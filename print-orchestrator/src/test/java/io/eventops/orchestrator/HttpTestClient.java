package io.eventops.orchestrator;

/**
 * The shared test HTTP client (with the test accounts), where the orchestrator's tests
 * find it.
 */
public final class HttpTestClient extends io.eventops.testsupport.HttpTestClient {

	public HttpTestClient(int port) {
		super(port);
	}

}
