package io.eventops.agent.cli;

import java.util.concurrent.Callable;

import io.eventops.agent.KioskAgent;
import io.eventops.agent.config.Durations;
import io.eventops.agent.flush.FlushRound;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code flush}: sends everything pending, retrying with backoff until drained or out of
 * time; exit code 0 when drained, 3 when entries remain.
 */
@Command(name = "flush", mixinStandardHelpOptions = true, description = "Send pending entries to the edge.")
final class FlushCommand implements Callable<Integer> {

	@Mixin
	AgentOptions options;

	@Option(names = "--max-wait", defaultValue = "0s",
			description = "Keep retrying with backoff this long (e.g. 2m); 0s: one round.")
	String maxWait;

	@Override
	public Integer call() throws InterruptedException {
		try (KioskAgent agent = KioskAgent.open(this.options.resolve())) {
			FlushRound round = agent.flushUntilDrained(Durations.parse("--max-wait", this.maxWait));
			System.out.println(describe(round));
			return round.drained() ? 0 : 3;
		}
	}

	static String describe(FlushRound round) {
		return "FLUSH " + round.result() + " requests=" + round.requests() + " acknowledged=" + round.acknowledged()
				+ " deadLettered=" + round.deadLettered() + " watermark=" + round.watermark()
				+ ((round.error() != null) ? " error=" + round.error() : "");
	}

}
