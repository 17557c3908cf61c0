package io.eventops.drills;

import io.eventops.drills.chaos.ChaosCommand;
import io.eventops.drills.admission.AdmissionCommand;
import io.eventops.drills.capacity.CapacityCommand;
import io.eventops.drills.herd.HerdCommand;
import io.eventops.drills.herd.LiveLaneCommand;
import io.eventops.drills.rollout.RolloutCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code drills} command line: {@code herd}, {@code chaos} and {@code rollout}.
 */
@Command(name = "drills", mixinStandardHelpOptions = true,
		subcommands = { HerdCommand.class, ChaosCommand.class, RolloutCommand.class, AdmissionCommand.class,
				CapacityCommand.class, LiveLaneCommand.class },
		description = "Runs the Event Ops Suite's drills against a fresh local suite.")
public final class Drills {

	private Drills() {
	}

	public static void main(String[] args) {
		System.exit(new CommandLine(new Drills()).execute(args));
	}

}
