package io.eventops.agent;

import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

import io.eventops.agent.config.AgentConfig;

/**
 * The child JVM of the kill test: records one check-in, reports it committed, then waits
 * to be killed.
 */
final class CheckInThenBlock {

	private CheckInThenBlock() {
	}

	public static void main(String[] args) throws InterruptedException {
		AgentConfig config = AgentConfig.defaults(args[0], URI.create(args[1]), args[2])
			.withCaFile(Path.of(args[3]))
			.withDatabase(Path.of(args[4]));
		KioskAgent agent = KioskAgent.open(config);
		CheckInReceipt receipt = agent.checkIn(args[5]);
		System.out.println("COMMITTED " + receipt.seq());
		System.out.flush();
		new CountDownLatch(1).await();
	}

}
