package io.eventops.testsupport.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

/**
 * The architecture tests every service runs on its main classes, extended by the
 * service's {@code ArchitectureTests} with its own rules over {@link #classes}.
 */
public abstract class ServiceArchitectureTests {

	/** The service's main classes (no tests). */
	protected final JavaClasses classes;

	/**
	 * Imports the service's main classes.
	 * @param rootPackage the service's root package
	 */
	protected ServiceArchitectureTests(String rootPackage) {
		this.classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.importPackages(rootPackage);
	}

	@Test
	void onlyWebCodeTouchesHttp() {
		ArchitectureRules.onlyWebCodeTouchesHttp().check(this.classes);
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
