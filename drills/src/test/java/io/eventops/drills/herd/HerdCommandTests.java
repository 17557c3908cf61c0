package io.eventops.drills.herd;

import java.util.List;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The herd runs the services on the full JIT, as in production, unless told otherwise;
 * given JVM options come after, so they still win.
 */
class HerdCommandTests {

	@Test
	void servicesRunOnTheFullJitWithGivenOptionsAfter() {
		HerdCommand command = new HerdCommand();
		new CommandLine(command).parseArgs("--jvm", "kiosk-sync-service:-XX:TieredStopAtLevel=1");
		assertThat(command.jvmOptions()).containsEntry("reconciler-service", List.of("-XX:TieredStopAtLevel=4"))
			.containsEntry("print-orchestrator", List.of("-XX:TieredStopAtLevel=4"))
			.containsEntry("kiosk-sync-service", List.of("-XX:TieredStopAtLevel=4", "-XX:TieredStopAtLevel=1"));
	}

	@Test
	void quickJitKeepsTheLocalStacksOwn() {
		HerdCommand command = new HerdCommand();
		new CommandLine(command).parseArgs("--quick-jit");
		assertThat(command.jvmOptions()).isEmpty();
	}

}
