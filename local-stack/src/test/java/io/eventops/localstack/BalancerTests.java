package io.eventops.localstack;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The balancer's configuration is one HAProxy accepts: HTTP for the reconciler and the
 * orchestrator, TCP (TLS end to end) for the edge, every replica checked on its
 * management port's readiness.
 */
class BalancerTests {

	@TempDir
	Path dir;

	@Test
	void configurationBalancesEveryReplicaByReadinessAndHAProxyAcceptsIt() throws Exception {
		String config = Balancer.configuration(List.of(
				new Balancer.Frontend("reconciler-service", 18081, false,
						List.of(new Balancer.Replica("reconciler-service", 20001, 20002),
								new Balancer.Replica("reconciler-service-2", 20003, 20004))),
				new Balancer.Frontend("kiosk-sync-service", 18443, true,
						List.of(new Balancer.Replica("kiosk-sync-service", 20005, 20006),
								new Balancer.Replica("kiosk-sync-service-2", 20007, 20008)))));
		assertThat(config).contains("bind 127.0.0.1:18081", "bind 127.0.0.1:18443")
			.contains("server reconciler-service-2 127.0.0.1:20003 check port 20004")
			.contains("option httpchk GET /actuator/health/readiness");
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

}
