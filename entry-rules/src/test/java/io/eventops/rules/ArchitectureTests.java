package io.eventops.rules;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.ZoneId;
import java.util.Locale;
import java.util.TimeZone;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Keeps the decision reproducible on every machine (invariant 12): plain Java, and
 * nothing that reads a clock, the default time zone or the default locale.
 */
class ArchitectureTests {

	private final JavaClasses classes = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("io.eventops.rules");

	@Test
	void entryRulesUseNoSpring() {
		noClasses().should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework..", "jakarta.persistence..", "org.hibernate..")
			.check(this.classes);
	}

	@Test
	void entryRulesReadNoClock() {
		noClasses().should().dependOnClassesThat().areAssignableTo(Clock.class).check(this.classes);
		// Instant.now(), LocalDate.now(zone), ...: every java.time now() reads the clock
		noClasses().should()
			.callMethodWhere(describe("a java.time now()",
					(call) -> call.getTarget().getName().equals("now")
							&& call.getTargetOwner().getPackageName().equals("java.time")))
			.check(this.classes);
		noClasses().should().callMethod(System.class, "currentTimeMillis").check(this.classes);
		noClasses().should().callMethod(System.class, "nanoTime").check(this.classes);
	}

	@Test
	void entryRulesReadNoDefaultZoneOrLocale() {
		noClasses().should().callMethod(ZoneId.class, "systemDefault").check(this.classes);
		noClasses().should().callMethod(TimeZone.class, "getDefault").check(this.classes);
		noClasses().should().callMethod(Locale.class, "getDefault").check(this.classes);
		noClasses().should().callMethod(String.class, "format", String.class, Object[].class).check(this.classes);
		noClasses().should().callMethod(String.class, "toLowerCase").check(this.classes);
		noClasses().should().callMethod(String.class, "toUpperCase").check(this.classes);
	}

}
