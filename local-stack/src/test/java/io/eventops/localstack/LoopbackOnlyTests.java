package io.eventops.localstack;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.eventops.printer.virtual.VirtualPrinter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Without {@code --listen} every port the local stack opens listens on 127.0.0.1 only
 * (issue #37, finding 2: every replica's API and management port listened on all
 * interfaces). What the stack runs itself (PostgreSQL, Redis, the virtual printers,
 * HAProxy in front of replicas) is started for real and read back from the kernel's
 * socket lists; every service JVM is told where to listen, as Spring Boot would otherwise
 * take every interface.
 */
class LoopbackOnlyTests {

	private static final Map<String, Integer> TWO_EACH = Map.of(SuiteOptions.EDGE, 2, SuiteOptions.RECONCILER, 2,
			SuiteOptions.ORCHESTRATOR, 2);

	@TempDir
	Path dataDir;

	@Test
	void postgresRedisThePrintersAndTheBalancerListenOnLoopbackOnly() throws Exception {
		assumeTrue(Balancer.binary().isPresent(), "haproxy is not installed");
		SuiteOptions options = SuiteOptions.defaults(Path.of("."), this.dataDir)
			.withFreePorts(2)
			.withReplicas(TWO_EACH);
		List<Balancer.Frontend> frontends = SuiteLauncher.frontends(options, SuiteLauncher.plan(options));
		assertThat(frontends).hasSize(3);
		List<VirtualPrinter> printers = new ArrayList<>();
		try (Infrastructure infrastructure = Infrastructure.start(this.dataDir, options.postgresPort(),
				options.redisPort());
				Balancer balancer = Balancer.start(this.dataDir.resolve("balancer"), frontends,
						this.dataDir.resolve("logs"))) {
			for (int i = 0; i < options.printerPorts().size(); i++) {
				printers.add(SuiteLauncher.printer(options, i));
			}
			List<Integer> ports = new ArrayList<>(List.of(options.postgresPort(), options.redisPort()));
			ports.addAll(options.printerPorts());
			frontends.forEach((frontend) -> ports.add(frontend.port()));
			Map<Integer, Set<String>> listening = Listeners.now();
			for (int port : ports) {
				assertThat(listening.get(port)).as("port %d", port).containsExactly("127.0.0.1");
			}
		}
		finally {
			printers.forEach(VirtualPrinter::close);
		}
	}

	@Test
	void everyServiceJvmListensOnLoopbackForItsApiAndItsManagementPort() {
		SuiteOptions single = SuiteOptions.defaults(Path.of("."), this.dataDir);
		for (SuiteOptions options : List.of(single, single.withReplicas(TWO_EACH))) {
			SuiteLauncher.plan(options).forEach((module, replicas) -> {
				for (Balancer.Replica replica : replicas) {
					assertThat(SuiteLauncher.listening(options, module, replica, replicas.size() == 1))
						.as(replica.name())
						.contains("--server.address=127.0.0.1", "--management.server.address=127.0.0.1",
								"--server.port=" + replica.apiPort(),
								"--management.server.port=" + replica.managementPort());
				}
			});
		}
	}

}
