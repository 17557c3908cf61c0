package io.eventops.localstack;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import io.eventops.rediscluster.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The balancer's configuration is one HAProxy accepts: HTTP for the reconciler and the
 * orchestrator, TCP (TLS end to end) for the edge, every replica checked on its
 * management port's readiness; its admin socket takes a replica out of rotation and puts
 * it back.
 */
class BalancerTests {

	@TempDir
	Path dir;

	@Test
	void configurationBalancesEveryReplicaByReadinessAndHAProxyAcceptsIt() throws Exception {
		String config = Balancer.configuration(
				List.of(new Balancer.Frontend("reconciler-service", 18081, false,
						List.of(new Balancer.Replica("reconciler-service", 20001, 20002),
								new Balancer.Replica("reconciler-service-2", 20003, 20004))),
						new Balancer.Frontend("kiosk-sync-service", 18443, true,
								List.of(new Balancer.Replica("kiosk-sync-service", 20005, 20006),
										new Balancer.Replica("kiosk-sync-service-2", 20007, 20008)))),
				this.dir.resolve("admin.sock"));
		assertThat(config).contains("bind 127.0.0.1:18081", "bind 127.0.0.1:18443")
			.contains("server reconciler-service-2 127.0.0.1:20003 check addr 127.0.0.1 port 20004")
			.contains("option httpchk GET /actuator/health/readiness")
			.contains("stats socket " + this.dir.resolve("admin.sock") + " mode 600 level admin");
		assertThat(config.substring(config.indexOf("backend kiosk-sync-service"))).contains("mode tcp");
		Optional<Path> haproxy = Balancer.binary();
		assumeTrue(haproxy.isPresent(), "haproxy is not installed");
		Path file = this.dir.resolve("haproxy.cfg");
		Files.writeString(file, config);
		Process check = new ProcessBuilder(haproxy.get().toString(), "-c", "-f", file.toString())
			.redirectErrorStream(true)
			.start();
		assertThat(check.waitFor(30, TimeUnit.SECONDS)).isTrue();
		String output = new String(check.getInputStream().readAllBytes());
		assertThat(check.exitValue()).as(output).isZero();
	}

	@Test
	void aReplicaTakenOutOfRotationIsDrainedAndComesBackWhenPutIntoIt() throws Exception {
		assumeTrue(Balancer.binary().isPresent(), "haproxy is not installed");
		List<Integer> ports = FreePorts.loopback(3);
		// a replica whose readiness answers 200, so that HAProxy sees it UP
		HttpServer readiness = HttpServer.create(new InetSocketAddress("127.0.0.1", ports.get(2)), 0);
		readiness.createContext("/actuator/health/readiness", (exchange) -> {
			exchange.sendResponseHeaders(200, -1);
			exchange.close();
		});
		readiness.start();
		try (Balancer balancer = Balancer.start(this.dir.resolve("balancer"),
				List.of(new Balancer.Frontend("reconciler-service", ports.get(0), false,
						List.of(new Balancer.Replica("reconciler-service", ports.get(1), ports.get(2))))),
				this.dir.resolve("logs"))) {
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(balancer.status("reconciler-service")).isEqualTo("UP"));
			balancer.rotation("reconciler-service", false);
			assertThat(balancer.status("reconciler-service")).isEqualTo("DRAIN");
			balancer.rotation("reconciler-service", true);
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(balancer.status("reconciler-service")).isEqualTo("UP"));
			assertThatIllegalArgumentException().isThrownBy(() -> balancer.rotation("reconciler-service-9", false))
				.withMessageContaining("not behind the balancer");
		}
		finally {
			readiness.stop(0);
		}
	}

}
