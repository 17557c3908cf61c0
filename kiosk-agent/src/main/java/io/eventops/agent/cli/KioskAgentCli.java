package io.eventops.agent.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code kiosk-agent} command: settings come from flags, then {@code KIOSK_AGENT_*}
 * environment variables, then defaults.
 */
@Command(name = "kiosk-agent", mixinStandardHelpOptions = true, version = "kiosk-agent 0.1",
		description = "The reference kiosk client: a durable check-in log that flushes to the edge.",
		subcommands = { EnrollCommand.class, CheckInCommand.class, FlushCommand.class, StatusCommand.class,
				SimulateCommand.class, ServeCommand.class, ExportCommand.class })
public final class KioskAgentCli implements Runnable {

	@CommandLine.Spec
	CommandLine.Model.CommandSpec spec;

	public static void main(String[] args) {
		System.exit(execute(args));
	}

	/**
	 * Runs the command line without exiting (tests, embedding).
	 * @param args the arguments
	 * @return the exit code
	 */
	public static int execute(String... args) {
		CommandLine line = new CommandLine(new KioskAgentCli());
		line.setExecutionExceptionHandler((ex, cmd, parsed) -> {
			if (ex instanceof IllegalArgumentException || ex instanceof IllegalStateException
					|| ex instanceof java.io.UncheckedIOException) {
				cmd.getErr().println("kiosk-agent: " + ex.getMessage());
				return 2;
			}
			throw ex;
		});
		return line.execute(args);
	}

	@Override
	public void run() {
		throw new CommandLine.ParameterException(this.spec.commandLine(), "a command is required");
	}

}
