package io.eventops.orchestrator;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import io.eventops.testsupport.arch.ServiceArchitectureTests;
import org.junit.jupiter.api.Test;

import org.springframework.web.bind.annotation.RestController;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

class ArchitectureTests extends ServiceArchitectureTests {

	ArchitectureTests() {
		super("io.eventops.orchestrator");
	}

	@Test
	void printingLogicDoesNotDependOnTheWeb() {
		noClasses().that()
			.resideInAnyPackage("..orchestrator.failover..", "..orchestrator.probe..", "..orchestrator.dispatch..",
					"..orchestrator.queue..", "..orchestrator.ledger..", "..orchestrator.printer..",
					"..orchestrator.relay..", "..orchestrator.rebuild..", "..orchestrator.recovery..",
					"..orchestrator.pause..", "..orchestrator.agent..")
			.and(notInAController())
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("..orchestrator.web..", "..orchestrator.security..", "org.springframework.web..",
					"org.springframework.http..", "jakarta.servlet..")
			.check(this.classes);
	}

	private static DescribedPredicate<JavaClass> notInAController() {
		return DescribedPredicate.describe("are not a controller or declared in one", (javaClass) -> {
			JavaClass outer = javaClass;
			while (outer.getEnclosingClass().isPresent()) {
				outer = outer.getEnclosingClass().get();
			}
			return !outer.isAnnotatedWith(RestController.class);
		});
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
