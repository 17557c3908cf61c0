package io.eventops.orchestrator.web;

import io.eventops.orchestrator.HttpTestClient;
import io.eventops.orchestrator.OrchestratorTest;
import io.eventops.testsupport.ServedApiDocumentTests;

/**
 * The print orchestrator's OpenAPI document: served with its UI on the management port,
 * never on the API port, and equal to the committed
 * {@code docs/openapi/print-orchestrator.json}.
 */
@OrchestratorTest
class OpenApiDocumentTests extends ServedApiDocumentTests {

	OpenApiDocumentTests() {
		super("print-orchestrator");
	}

	@Override
	protected String apiCredentials() {
		return HttpTestClient.ops();
	}

}
