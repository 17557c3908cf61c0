package io.eventops.reconciler;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.eventops.testsupport.arch.ArchitectureRules;
import org.junit.jupiter.api.Test;

import org.springframework.web.bind.annotation.RestController;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

class ArchitectureTests {

	private final JavaClasses classes = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("io.eventops.reconciler");

	@Test
	void onlyWebCodeTouchesHttp() {
		ArchitectureRules.onlyWebCodeTouchesHttp().check(this.classes);
	}

	@Test
	void controllersAreNotPublic() {
		classes().that().areAnnotatedWith(RestController.class).should().notBePublic().check(this.classes);
	}

	@Test
	void theBatchPathDoesNotDependOnTheAdminFeatures() {
		noClasses().that()
			.resideInAnyPackage("..reconciler.checkin..", "..reconciler.claim..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("..reconciler.attendee..", "..reconciler.correction..", "..reconciler.rejection..",
					"..reconciler.headcount..")
			.check(this.classes);
	}

	@Test
	void featuresReachOnlyTheSharedWebConfigAndPublicServicesOfOthers() {
		noClasses().that()
			.resideInAnyPackage("..reconciler.attendee..", "..reconciler.headcount..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("..reconciler.correction..", "..reconciler.rejection..")
			.check(this.classes);
	}

}
