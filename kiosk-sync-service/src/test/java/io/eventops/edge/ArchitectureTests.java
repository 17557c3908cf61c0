package io.eventops.edge;

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
		.importPackages("io.eventops.edge");

	@Test
	void onlyWebCodeTouchesHttp() {
		ArchitectureRules.onlyWebCodeTouchesHttp().check(this.classes);
	}

	@Test
	void controllersAreNotPublic() {
		classes().that().areAnnotatedWith(RestController.class).should().notBePublic().check(this.classes);
	}

	@Test
	void timeRulesArePlainJava() {
		noClasses().that()
			.resideInAPackage("io.eventops.edge.rules")
			.and()
			.haveSimpleNameNotEndingWith("Properties")
			.and()
			.haveSimpleNameNotEndingWith("Configuration")
			.and()
			.doNotHaveSimpleName("StaleReplay")
			.and()
			.doNotHaveSimpleName("ClockSkew")
			.and()
			.doNotHaveSimpleName("Rate")
			.and()
			.doNotHaveSimpleName("DoubleTap")
			.and()
			.doNotHaveSimpleName("History")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework..", "jakarta..")
			.check(this.classes);
	}

	@Test
	void flushParsingAndValidationArePlainJava() {
		noClasses().that()
			.haveFullyQualifiedName("io.eventops.edge.flush.FlushBodyParser")
			.or()
			.haveFullyQualifiedName("io.eventops.edge.flush.EntryValidator")
			.or()
			.haveFullyQualifiedName("io.eventops.edge.kiosk.SeqRanges")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework..", "jakarta..")
			.check(this.classes);
	}

	@Test
	void onlyTheFlushAndPassThroughPathsTalkToTheReconciler() {
		classes().that()
			.resideInAPackage("io.eventops.edge.forward..")
			.should()
			.onlyBeAccessed()
			.byClassesThat()
			.resideInAnyPackage("io.eventops.edge.forward..", "io.eventops.edge.flush..",
					"io.eventops.edge.passthrough..")
			.check(this.classes);
	}

	@Test
	void rulesForwardingAndTlsKnowNothingOfKiosksOrFlushes() {
		noClasses().that()
			.resideInAnyPackage("io.eventops.edge.rules..", "io.eventops.edge.forward..", "io.eventops.edge.tls..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.eventops.edge.flush..", "io.eventops.edge.kiosk..", "io.eventops.edge.ratelimit..")
			.check(this.classes);
	}

}
