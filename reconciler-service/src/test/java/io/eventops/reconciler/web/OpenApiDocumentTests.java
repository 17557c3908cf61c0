package io.eventops.reconciler.web;

import io.eventops.reconciler.HttpTestClient;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.testsupport.ServedApiDocumentTests;

/**
 * The reconciler's OpenAPI document: served with its UI on the management port, never on
 * the API port, and equal to the committed {@code docs/openapi/reconciler-service.json}.
 */
@ReconcilerTest
class OpenApiDocumentTests extends ServedApiDocumentTests {

	OpenApiDocumentTests() {
		super("reconciler-service");
	}

	@Override
	protected String apiCredentials() {
		return HttpTestClient.ops();
	}

}
