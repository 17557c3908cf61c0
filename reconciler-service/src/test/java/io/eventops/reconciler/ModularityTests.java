package io.eventops.reconciler;

import io.eventops.testsupport.arch.ServiceModularityTests;

/**
 * The feature packages of the service as Spring Modulith sees them: no cycles between
 * them, and each reaches another only through the types of its top-level package; the
 * module documentation under {@code docs/modules/reconciler-service/} is current.
 */
class ModularityTests extends ServiceModularityTests {

	ModularityTests() {
		super(ReconcilerApplication.class, "reconciler-service");
	}

}
