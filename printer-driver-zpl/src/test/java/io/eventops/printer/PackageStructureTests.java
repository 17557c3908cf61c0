package io.eventops.printer;

import java.util.List;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import org.junit.jupiter.api.Test;

import io.eventops.printer.virtual.VirtualPrinter;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

class PackageStructureTests {

	// only this module's main classes: scanning the whole class path for the package is
	// slow
	private static final JavaClasses MAIN = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importLocations(
				List.of(Location.of(VirtualPrinter.class.getProtectionDomain().getCodeSource().getLocation())));

	@Test
	void featurePackagesHaveNoCycles() {
		slices().matching("io.eventops.printer.(*)..").should().beFreeOfCycles().check(MAIN);
	}

	@Test
	void labelsAndStatusStandAlone() {
		noClasses().that()
			.resideInAnyPackage("..printer.zpl..", "..printer.status..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("..printer.client..", "..printer.virtual..", "..printer.preview..")
			.check(MAIN);
	}

	@Test
	void theClientKnowsNothingOfLayoutsPreviewsOrTheVirtualPrinter() {
		noClasses().that()
			.resideInAPackage("..printer.client..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("..printer.zpl..", "..printer.virtual..", "..printer.preview..")
			.check(MAIN);
	}

	@Test
	void theVirtualPrinterIsNoClientOfItself() {
		noClasses().that()
			.resideInAPackage("..printer.virtual..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("..printer.client..", "..printer.preview..")
			.check(MAIN);
	}

	@Test
	void onlyTheStandaloneLauncherUsesPicocli() {
		noClasses().that()
			.haveNameNotMatching("io\\.eventops\\.printer\\.virtual\\.VirtualPrinterMain(\\$.*)?")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("picocli..")
			.check(MAIN);
	}

	@Test
	void noSpringInThisLibrary() {
		noClasses().should().dependOnClassesThat().resideInAPackage("org.springframework..").check(MAIN);
	}

}
