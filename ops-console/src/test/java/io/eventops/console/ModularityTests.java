package io.eventops.console;

import io.eventops.testsupport.arch.ServiceModularityTests;

/**
 * The console's feature packages as Spring Modulith sees them: no cycles between them,
 * and each reaches another only through the types of its top-level package (the screens
 * reach the services through {@code upstream}'s clients); the module documentation under
 * {@code docs/modules/ops-console/} is current.
 */
class ModularityTests extends ServiceModularityTests {

	ModularityTests() {
		super(ConsoleApplication.class, "ops-console");
	}

}
