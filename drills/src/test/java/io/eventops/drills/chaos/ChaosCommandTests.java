package io.eventops.drills.chaos;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The chaos drill runs without a policy unless told, as the herd does.
 */
class ChaosCommandTests {

	@Test
	void policyIsTheHerdsOptionAndOffByDefault() {
		ChaosCommand command = new ChaosCommand();
		new CommandLine(command).parseArgs("--smoke");
		assertThat(command.policy).isFalse();
		ChaosCommand underPolicy = new ChaosCommand();
		new CommandLine(underPolicy).parseArgs("--smoke", "--policy");
		assertThat(underPolicy.policy).isTrue();
		assertThat(underPolicy.smoke).isTrue();
	}

}
