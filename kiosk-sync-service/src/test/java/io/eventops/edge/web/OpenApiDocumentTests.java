package io.eventops.edge.web;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import io.eventops.testsupport.ServedApiDocumentTests;

/**
 * The edge's OpenAPI document: served with its UI on the management port, never on the
 * kiosks' public port, and equal to the committed
 * {@code docs/openapi/kiosk-sync-service.json}.
 */
@EdgeTest
class OpenApiDocumentTests extends ServedApiDocumentTests {

	OpenApiDocumentTests() {
		super("kiosk-sync-service");
	}

	// the kiosks' port: a freshly provisioned kiosk's token, over TLS
	@Override
	protected String apiCredentials() {
		return EdgeClient.bearer(new EdgeClient(this.apiPort).provision(TestData.kiosk(), TestData.unique("ev")));
	}

	@Override
	protected Answer getOnApiPort(String path, String authorization) {
		EdgeClient.Response response = new EdgeClient(this.apiPort).get(path, authorization);
		return new Answer(response.status(), response.body());
	}

}
