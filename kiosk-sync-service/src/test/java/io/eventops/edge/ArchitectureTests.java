package io.eventops.edge;

import io.eventops.testsupport.arch.ServiceArchitectureTests;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

class ArchitectureTests extends ServiceArchitectureTests {

	ArchitectureTests() {
		super("io.eventops.edge");
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
