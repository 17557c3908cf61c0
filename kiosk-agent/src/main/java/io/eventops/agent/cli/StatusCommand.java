package io.eventops.agent.cli;

import java.util.concurrent.Callable;

import io.eventops.agent.AgentStatus;
import io.eventops.agent.KioskAgent;
import io.eventops.agent.http.WireFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code status}: the log's pending count, watermark, dead letters and last error, read
 * from disk without contacting the edge.
 */
@Command(name = "status", mixinStandardHelpOptions = true, description = "Show the log's state (offline).")
final class StatusCommand implements Callable<Integer> {

	@Mixin
	AgentOptions options;

	@Option(names = "--json", description = "Print JSON.")
	boolean json;

	@Override
	public Integer call() {
		try (KioskAgent agent = KioskAgent.open(this.options.resolve())) {
			AgentStatus status = agent.status();
			System.out.print(this.json ? WireFormat.write(status) + "\n" : status.toText());
		}
		return 0;
	}

}
