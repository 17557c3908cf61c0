package io.eventops.orchestrator;

/**
 * The shared test HTTP client with this service's accounts.
 */
public final class HttpTestClient extends io.eventops.testsupport.HttpTestClient {

	public HttpTestClient(int port) {
		super(port);
	}

	public static String admin() {
		return basic("admin", TestData.ADMIN_PASSWORD);
	}

	public static String ops() {
		return basic("ops", TestData.OPS_PASSWORD);
	}

}
