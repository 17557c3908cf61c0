package io.eventops.testsupport.arch;

import org.junit.jupiter.api.Test;

import org.springframework.modulith.core.ApplicationModules;

/**
 * The feature packages of a service as Spring Modulith sees them: no cycles between them,
 * and each reaches another only through the types of its top-level package; the module
 * documentation under {@code docs/modules/<service>/} is current. A service's
 * {@code ModularityTests} extends it.
 */
public abstract class ServiceModularityTests {

	private final ApplicationModules modules;

	private final String service;

	/**
	 * The modules of one service.
	 * @param application the service's {@code @SpringBootApplication} class
	 * @param service the service's module name, the folder of its documentation
	 */
	protected ServiceModularityTests(Class<?> application, String service) {
		this.modules = ApplicationModules.of(application);
		this.service = service;
	}

	@Test
	void featurePackagesKeepTheirBoundaries() {
		this.modules.verify();
	}

	@Test
	void theCommittedModuleDocumentationIsCurrent() {
		CommittedModuleDocuments.assertMatches(this.modules, this.service);
	}

}
