package io.eventops.localstack;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.eventops.rediscluster.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code --listen ADDR} moves only the edge (its own JVM, or the HAProxy frontend of its
 * replicas) and the management ports that {@code --expose} names; a port that takes
 * passwords over plain HTTP, or none at all, is refused in one line before anything
 * starts. ADDR is 127.0.0.2 here: another address than the default, on every Linux
 * machine, reachable from nowhere else.
 */
class ListeningTests {

	private static final String ADDR = "127.0.0.2";

	@TempDir
	Path dataDir;

	@Test
	void theEdgesFrontendListensOnTheListenAddressAndTheOthersStayOnLoopback() throws Exception {
		assumeTrue(Balancer.binary().isPresent(), "haproxy is not installed");
		SuiteOptions options = SuiteOptions.defaults(Path.of("."), this.dataDir)
			.withFreePorts(2)
			.withReplicas(Map.of(SuiteOptions.EDGE, 2, SuiteOptions.RECONCILER, 2));
		options = options.withListen(ADDR, Set.of(options.edgeManagementPort()));
		List<Balancer.Frontend> frontends = SuiteLauncher.frontends(options, SuiteLauncher.plan(options));
		try (Balancer balancer = Balancer.start(this.dataDir.resolve("balancer"), frontends,
				this.dataDir.resolve("logs"))) {
			assertThat(Listeners.of(options.edgePort())).containsExactly(ADDR);
			assertThat(Listeners.of(options.reconPort())).containsExactly("127.0.0.1");
		}
		// behind the frontend the edge's replicas listen on loopback; their management
		// ports (exposed) on ADDR, the reconcilers' on loopback
		SuiteOptions planned = options;
		SuiteLauncher.plan(options).forEach((module, replicas) -> {
			for (Balancer.Replica replica : replicas) {
				String management = module.equals(SuiteOptions.EDGE) ? ADDR : "127.0.0.1";
				assertThat(SuiteLauncher.listening(planned, module, replica, replicas.size() == 1)).as(replica.name())
					.contains("--server.address=127.0.0.1", "--management.server.address=" + management);
			}
		});
	}

	@Test
	void aSingleEdgeListensOnTheListenAddressItself() {
		SuiteOptions options = SuiteOptions.defaults(Path.of("."), this.dataDir).withListen(ADDR, Set.of());
		SuiteLauncher.plan(options).forEach((module, replicas) -> {
			String api = module.equals(SuiteOptions.EDGE) ? ADDR : "127.0.0.1";
			assertThat(SuiteLauncher.listening(options, module, replicas.get(0), true)).as(module)
				.contains("--server.address=" + api, "--management.server.address=127.0.0.1");
		});
		assertThat(options.edgeAddress()).isEqualTo(ADDR);
		assertThatIllegalArgumentException().isThrownBy(() -> options.withListen(ADDR, Set.of(options.reconPort())))
			.withMessageContaining("takes passwords over plain HTTP");
	}

	@Test
	void theConsoleListensOnLoopbackOnlyWhateverListenSays() {
		SuiteOptions options = SuiteOptions.defaults(Path.of("."), this.dataDir).withListen(ADDR, Set.of());
		Balancer.Replica console = SuiteLauncher.consoleReplica(options);

		assertThat(SuiteLauncher.listening(options, SuiteOptions.CONSOLE, console, true)).contains(
				"--server.address=127.0.0.1", "--server.port=8083", "--management.server.address=127.0.0.1",
				"--management.server.port=9083");
		assertThat(SuiteOptions.defaults(Path.of("."), this.dataDir).withFreePorts(2).consolePort())
			.as("tests and drills on free ports run no console unless they ask")
			.isZero();
	}

	@Test
	void portsThatTakePasswordsOrNoneAreRefusedInOneLineAndNothingStarts() throws Exception {
		Path data = this.dataDir.resolve("stack");
		int postgres = FreePorts.loopback(1).get(0);
		Map<List<String>, String> refusals = Map.of(List.of("--listen", "0.0.0.0", "--expose", "8081"),
				"eventops-local: --expose 8081: the reconciler's API takes passwords over plain HTTP and stays on"
						+ " 127.0.0.1; --expose takes management ports only (9081,9082,9443)",
				List.of("--listen", "0.0.0.0", "--expose", "9081,8082"),
				"eventops-local: --expose 8082: the print orchestrator's API takes passwords over plain HTTP and"
						+ " stays on 127.0.0.1; --expose takes management ports only (9081,9082,9443)",
				List.of("--listen", "0.0.0.0", "--postgres-port", "" + postgres, "--expose", "" + postgres),
				"eventops-local: --expose " + postgres + ": PostgreSQL takes no password and stays on 127.0.0.1;"
						+ " --expose takes management ports only (9081,9082,9443)",
				List.of("--listen", "0.0.0.0", "--expose", "9101"),
				"eventops-local: --expose 9101: a virtual printer stays on 127.0.0.1; --expose takes management"
						+ " ports only (9081,9082,9443)",
				List.of("--listen", "0.0.0.0", "--expose", "8083"),
				"eventops-local: --expose 8083: the help-desk console takes passwords over plain HTTP and stays on"
						+ " 127.0.0.1 (behind TLS, e.g. the admin Ingress, to reach it from elsewhere); --expose takes"
						+ " management ports only (9081,9082,9443)",
				List.of("--listen", "0.0.0.0", "--expose", "9083"),
				"eventops-local: --expose 9083: the help-desk console's management port stays on 127.0.0.1;"
						+ " --expose takes management ports only (9081,9082,9443)",
				List.of("--expose", "9081"),
				"eventops-local: --expose 9081 needs --listen ADDR, the address the exposed management ports listen on",
				List.of("--listen", "venue.lan"),
				"eventops-local: --listen takes an IPv4 address, e.g. 0.0.0.0 or 192.168.1.20, got 'venue.lan'");
		for (Map.Entry<List<String>, String> refusal : refusals.entrySet()) {
			String[] args = java.util.stream.Stream
				.concat(java.util.stream.Stream.of("--data-dir", data.toString(), "--reset"), refusal.getKey().stream())
				.toArray(String[]::new);
			LauncherProcess launch = LauncherProcess.java(args);
			assertThat(launch.exitCode()).as(launch.toString()).isEqualTo(2);
			assertThat(launch.stdout()).as(launch.toString()).isEmpty();
			assertThat(launch.stderr()).as(launch.toString()).containsExactly(refusal.getValue());
			assertThat(Files.exists(data)).as("nothing created for %s", refusal.getKey()).isFalse();
		}
	}

}
