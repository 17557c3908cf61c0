package io.eventops.reconciler;

/**
 * The shared test HTTP client (with the test accounts) and the edge's internal token.
 */
public final class HttpTestClient extends io.eventops.testsupport.HttpTestClient {

	public HttpTestClient(int port) {
		super(port);
	}

	public static String internal() {
		return "Bearer " + TestData.INTERNAL_TOKEN;
	}

}
