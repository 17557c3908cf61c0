package io.eventops.reconciler;

import io.eventops.testsupport.arch.CommittedModuleDocuments;
import org.junit.jupiter.api.Test;

import org.springframework.modulith.core.ApplicationModules;

/**
 * The feature packages of the service as Spring Modulith sees them: no cycles between
 * them, and each reaches another only through the types of its top-level package; the
 * module documentation under {@code docs/modules/reconciler-service/} is current.
 */
class ModularityTests {

	private final ApplicationModules modules = ApplicationModules.of(ReconcilerApplication.class);

	@Test
	void featurePackagesKeepTheirBoundaries() {
		this.modules.verify();
	}

	@Test
	void theCommittedModuleDocumentationIsCurrent() {
		CommittedModuleDocuments.assertMatches(this.modules, "reconciler-service");
	}

}
