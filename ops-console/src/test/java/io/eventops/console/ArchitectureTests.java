package io.eventops.console;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The console's structure: one package per screen, none reaching into another, each
 * calling the services only through the typed clients of {@code upstream} (which alone
 * hold a {@code RestClient} and the user's credentials); controllers not public.
 */
class ArchitectureTests {

	private final JavaClasses classes = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		// the console's own classes: scanning every jar of the test classpath for the
		// package costs half a minute
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
		.importPackages("io.eventops.console");

	@Test
	void screensDoNotDependOnEachOther() {
		slices().matching("io.eventops.console.(person|areas|kiosks|printers|quarantine)..")
			.should()
			.notDependOnEachOther()
			.check(this.classes);
	}

	@Test
	void onlyUpstreamCallsTheServices() {
		noClasses().that()
			.resideOutsideOfPackage("io.eventops.console.upstream..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework.web.client..", "org.springframework.http.client..",
					"java.net.http..")
			.check(this.classes);
	}

	@Test
	void controllersAreNotPublic() {
		classes().that()
			.areAnnotatedWith("org.springframework.web.bind.annotation.RestController")
			.should()
			.notBePublic()
			.check(this.classes);
	}

}
