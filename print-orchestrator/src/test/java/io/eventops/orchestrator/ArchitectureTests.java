package io.eventops.orchestrator;

import io.eventops.testsupport.arch.ServiceArchitectureTests;
import org.junit.jupiter.api.Test;

import org.springframework.web.bind.annotation.RestController;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

class ArchitectureTests extends ServiceArchitectureTests {

	ArchitectureTests() {
		super("io.eventops.orchestrator");
	}

	@Test
	void controllersLiveInTheWebPackage() {
		classes().that()
			.areAnnotatedWith(RestController.class)
			.should()
			.resideInAPackage("..orchestrator.web..")
			.check(this.classes);
	}

	@Test
	void printingLogicDoesNotDependOnTheWeb() {
		noClasses().that()
			.resideInAnyPackage("..orchestrator.failover..", "..orchestrator.probe..", "..orchestrator.dispatch..",
					"..orchestrator.queue..", "..orchestrator.ledger..", "..orchestrator.printer..",
					"..orchestrator.relay..", "..orchestrator.rebuild..", "..orchestrator.recovery..",
					"..orchestrator.pause..", "..orchestrator.agent..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("..orchestrator.web..", "..orchestrator.security..", "org.springframework.web..",
					"org.springframework.http..", "jakarta.servlet..")
			.check(this.classes);
	}

	@Test
	void theFailoverProcedureAndTheProbeStateMachineArePlainJava() {
		noClasses().that()
			.haveSimpleName("FailoverProcedure")
			.or()
			.haveSimpleName("ProbeTransition")
			.or()
			.haveSimpleName("LedgerSweeper")
			.should()
			.beAnnotatedWith("org.springframework.stereotype.Component")
			.orShould()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework.context..", "org.springframework.beans..")
			.check(this.classes);
	}

	@Test
	void dispatchNeverDependsOnFailoverOrRecovery() {
		noClasses().that()
			.resideInAnyPackage("..orchestrator.dispatch..", "..orchestrator.relay..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("..orchestrator.failover..", "..orchestrator.recovery..")
			.check(this.classes);
	}

}
