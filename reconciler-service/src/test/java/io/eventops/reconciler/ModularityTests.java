package io.eventops.reconciler;

import org.junit.jupiter.api.Test;

import org.springframework.modulith.core.ApplicationModules;

class ModularityTests {

	private final ApplicationModules modules = ApplicationModules.of(ReconcilerApplication.class);

	@Test
	void featurePackagesKeepTheirBoundaries() {
		this.modules.verify();
	}

}
