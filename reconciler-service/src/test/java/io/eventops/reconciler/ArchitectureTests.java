package io.eventops.reconciler;

import io.eventops.testsupport.arch.ServiceArchitectureTests;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

class ArchitectureTests extends ServiceArchitectureTests {

	ArchitectureTests() {
		super("io.eventops.reconciler");
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
