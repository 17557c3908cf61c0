package io.eventops.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The compose stack at the repository root, validated with what the machine has: the YAML
 * itself always, and {@code docker compose config} where Docker Compose is installed.
 */
class ComposeTests {

	private static final Path FILE = RepositoryFiles.resolve("docker-compose.yml");

	private static final String COMPOSE = RepositoryFiles.read(FILE);

	private static final Map<String, Object> SERVICES = RepositoryFiles
		.asMap(RepositoryFiles.documents(COMPOSE).get(0).get("services"));

	/** One-shot containers: they run to completion and are not restarted. */
	private static final Set<String> ONE_SHOTS = Set.of("edge-tls-init", "register-printers");

	/** Reachable from beyond the Docker host: the kiosks' port and the dashboard. */
	private static final Set<String> PUBLISHED = Set.of("8443:8443", "3000:3000");

	@Test
	void thereIsOneComposeFileAtTheRepositoryRoot() {
		assertThat(FILE).isRegularFile();
		assertThat(RepositoryFiles.resolve("deploy/docker-compose.yml")).doesNotExist();
	}

	@Test
	void runsTheWholeSuiteWithTwoPrintersAndMonitoring() {
		assertThat(SERVICES).containsKeys("postgres", "redis", "reconciler-service", "print-orchestrator",
				"kiosk-sync-service", "printer-1", "printer-2", "prometheus", "grafana");
		assertThat(List.of("printer-1", "printer-2"))
			.allSatisfy((printer) -> assertThat(image(printer)).startsWith("eventops/printer-driver-zpl:"));
	}

	@Test
	void servicesUseTheImagesJibBuildsTheirOwnDatabaseRoleAndTheRedisPassword() {
		Map<String, String> roles = Map.of("reconciler-service", "eventops_reconciler", "print-orchestrator",
				"eventops_orchestrator", "kiosk-sync-service", "eventops_edge");
		for (String service : roles.keySet()) {
			assertThat(image(service)).isEqualTo("eventops/" + service + ":0.1.0-SNAPSHOT");
			Map<String, Object> environment = RepositoryFiles
				.asMap(RepositoryFiles.at(service(service), "environment"));
			assertThat(environment)
				.containsKeys("EVENTOPS_DB_URL", "EVENTOPS_REDIS_HOST", "EVENTOPS_REDIS_PORT",
						"SPRING_DATA_REDIS_PASSWORD", "EVENTOPS_OPS_PASSWORD", "EVENTOPS_ADMIN_PASSWORD",
						"EVENTOPS_INTERNAL_TOKEN", "SPRING_FLYWAY_INIT_SQLS")
				.containsEntry("EVENTOPS_DB_USER", roles.get(service));
			assertThat(environment.get("SPRING_FLYWAY_INIT_SQLS").toString()).contains("lock_timeout");
		}
		assertThat(RepositoryFiles.asMap(RepositoryFiles.at(service("kiosk-sync-service"), "environment")))
			.containsEntry("RECON_URL", "http://reconciler-service:8081")
			.containsEntry("PRINT_URL", "http://print-orchestrator:8082");
		String redis = String.join(" ",
				RepositoryFiles.asList(service("redis").get("command")).stream().map(Object::toString).toList());
		assertThat(redis).contains("--requirepass").contains("noeviction");
		assertThat(RepositoryFiles.asMap(service("redis").get("environment"))).containsKey("REDIS_PASSWORD");
	}

	@Test
	void everyServiceHasAHealthcheckAndRestartsAndStartsAfterWhatItNeedsIsHealthy() {
		for (Map.Entry<String, Object> entry : SERVICES.entrySet()) {
			String name = entry.getKey();
			Map<String, Object> service = RepositoryFiles.asMap(entry.getValue());
			if (ONE_SHOTS.contains(name)) {
				assertThat(service.get("restart")).as(name).isEqualTo("no");
			}
			else {
				assertThat(service.get("restart")).as(name).isEqualTo("unless-stopped");
				assertThat(RepositoryFiles.at(service, "healthcheck.test")).as("%s: healthcheck", name).isNotNull();
			}
			Object dependsOn = service.get("depends_on");
			if (dependsOn == null) {
				continue;
			}
			for (Map.Entry<String, Object> dependency : RepositoryFiles.asMap(dependsOn).entrySet()) {
				Object condition = RepositoryFiles.asMap(dependency.getValue()).get("condition");
				if (ONE_SHOTS.contains(dependency.getKey())) {
					assertThat(condition).as("%s after %s", name, dependency.getKey())
						.isEqualTo("service_completed_successfully");
				}
				else {
					assertThat(condition).as("%s after %s", name, dependency.getKey()).isEqualTo("service_healthy");
				}
			}
		}
		assertThat(RepositoryFiles.asMap(service("print-orchestrator").get("depends_on")))
			.as("the reconciler migrates first")
			.containsKey("reconciler-service");
		assertThat(RepositoryFiles.asMap(service("kiosk-sync-service").get("depends_on"))).containsKey("edge-tls-init");
	}

	@Test
	void onlyTheEdgeAndGrafanaArePublishedBeyondLocalhost() {
		for (Map.Entry<String, Object> entry : SERVICES.entrySet()) {
			for (Object port : RepositoryFiles.asList(RepositoryFiles.asMap(entry.getValue()).get("ports"))) {
				String mapping = port.toString();
				if (!mapping.startsWith("127.0.0.1:")) {
					assertThat(mapping).as(entry.getKey()).isIn(PUBLISHED);
				}
			}
		}
		assertThat(RepositoryFiles.asList(service("kiosk-sync-service").get("ports"))).contains("8443:8443",
				"127.0.0.1:9443:9443");
	}

	// the help desk (#41) takes passwords over plain HTTP: loopback only, and it trusts
	// the
	// edge's own certificate from the edge's volume
	@Test
	void theConsoleListensOnLocalhostOnlyAndTrustsTheEdgesCertificate() {
		Map<String, Object> console = service("ops-console");
		assertThat(RepositoryFiles.asList(console.get("ports"))).containsExactly("127.0.0.1:8083:8083",
				"127.0.0.1:9083:9083");
		assertThat(RepositoryFiles.asMap(console.get("environment")))
			.containsEntry("EVENTOPS_EDGE_URL", "https://kiosk-sync-service:8443")
			.containsEntry("EVENTOPS_CONSOLE_EDGECAFILE", "/var/lib/eventops/edge-tls/edge-cert.pem");
		assertThat(RepositoryFiles.asList(console.get("volumes"))).contains("edge-tls:/var/lib/eventops/edge-tls:ro");
		assertThat(RepositoryFiles.asMap(console.get("depends_on"))).containsKey("kiosk-sync-service");
	}

	// health and /actuator/prometheus are on the management ports only; they are
	// published
	// on 127.0.0.1 like the API ports
	@Test
	void healthchecksAndMetricsUseTheManagementPorts() {
		Map<String, List<String>> ports = Map.of("reconciler-service", List.of("RECON_MANAGEMENT_PORT", "9081", "8081"),
				"print-orchestrator", List.of("PRINT_MANAGEMENT_PORT", "9082", "8082"), "kiosk-sync-service",
				List.of("EDGE_MANAGEMENT_PORT", "9443", "8443"), "ops-console",
				List.of("CONSOLE_MANAGEMENT_PORT", "9083", "8083"));
		for (Map.Entry<String, List<String>> entry : ports.entrySet()) {
			String name = entry.getKey();
			String management = entry.getValue().get(1);
			Map<String, Object> service = service(name);
			assertThat(RepositoryFiles.asMap(service.get("environment"))).as(name)
				.containsEntry(entry.getValue().get(0), management);
			String healthcheck = String.join(" ",
					RepositoryFiles.asList(RepositoryFiles.at(service, "healthcheck.test"))
						.stream()
						.map(Object::toString)
						.toList());
			assertThat(healthcheck).as(name)
				.contains("/dev/tcp/127.0.0.1/" + management + " ")
				.contains("/actuator/health/readiness")
				.doesNotContain("/dev/tcp/127.0.0.1/" + entry.getValue().get(2) + " ");
			assertThat(RepositoryFiles.asList(service.get("ports"))).as(name)
				.contains("127.0.0.1:" + management + ":" + management);
		}
		// the edge's login throttle and shared rate limit are in Redis
		assertThat(RepositoryFiles.asMap(service("kiosk-sync-service").get("depends_on"))).containsKey("redis");
	}

	@Test
	void theEdgeCanWriteItsCertificateAsItsNonRootUser() {
		Map<String, Object> init = service("edge-tls-init");
		assertThat(RepositoryFiles.asList(init.get("command"))).containsExactly("chown", "-R", "10001:10001", "/tls");
		assertThat(RepositoryFiles.asList(init.get("volumes"))).containsExactly("edge-tls:/tls");
		assertThat(RepositoryFiles.asList(service("kiosk-sync-service").get("volumes")))
			.containsExactly("edge-tls:/var/lib/eventops/edge-tls");
		// the runbooks' EDGE_CA for compose is the file the edge writes there
		assertThat(RepositoryFiles.read(RepositoryFiles.resolve("docs/runbooks/README.md")))
			.contains("docker compose cp kiosk-sync-service:/var/lib/eventops/edge-tls/edge-cert.pem");
	}

	@Test
	void commitsNoSecretValues() {
		List<String> secretLines = COMPOSE.lines()
			.map(String::strip)
			.filter((line) -> line.matches("[A-Z_]*(PASSWORD|TOKEN)[A-Z_]*:.*"))
			.toList();
		assertThat(secretLines).hasSizeGreaterThanOrEqualTo(8)
			.allSatisfy((line) -> assertThat(line).matches("[A-Z_]+: \\$\\{[A-Z_]+:\\?[^}]*}"));
	}

	@Test
	void mountsFilesThatExistRelativeToTheRoot() {
		int mounts = 0;
		for (Object service : SERVICES.values()) {
			for (Object volume : RepositoryFiles.asList(RepositoryFiles.asMap(service).get("volumes"))) {
				String source = volume.toString().split(":")[0];
				if (source.startsWith("./")) {
					assertThat(Files.exists(RepositoryFiles.resolve(source.substring(2)))).as(source).isTrue();
					mounts++;
				}
			}
		}
		assertThat(mounts).isGreaterThanOrEqualTo(6);
		assertThat(RepositoryFiles.asList(RepositoryFiles.at(service("prometheus"), "volumes")))
			.contains("./deploy/prometheus/alerts.yml:/etc/prometheus/alerts.yml:ro");
		assertThat(RepositoryFiles.asList(RepositoryFiles.at(service("grafana"), "volumes"))).contains(
				"./deploy/grafana/provisioning:/etc/grafana/provisioning:ro",
				"./deploy/grafana/dashboards:/var/lib/grafana/dashboards:ro");
		assertThat(RepositoryFiles.asList(RepositoryFiles.at(service("postgres"), "volumes")))
			.contains("./k8s/base/postgres:/eventops:ro");
	}

	@Test
	void dockerComposeAcceptsTheFileWhereItIsInstalled() {
		Optional<Path> docker = Commands.find("docker");
		if (docker.isEmpty() || Commands.run(List.of(docker.get().toString(), "compose", "version")).exitCode() != 0) {
			return;
		}
		List<String> command = List.of("env", "EVENTOPS_OPS_PASSWORD=o", "EVENTOPS_ADMIN_PASSWORD=a",
				"EVENTOPS_INTERNAL_TOKEN=0123456789abcdef", "EVENTOPS_DB_ADMIN_PASSWORD=d", "EVENTOPS_DB_PASSWORD=d",
				"EVENTOPS_REDIS_PASSWORD=r", "GRAFANA_ADMIN_PASSWORD=g", docker.get().toString(), "compose", "-f",
				FILE.toString(), "config", "--quiet");
		Commands.Result result = Commands.run(command);
		assertThat(result.exitCode()).as(result.output()).isZero();
	}

	private static Map<String, Object> service(String name) {
		return RepositoryFiles.asMap(SERVICES.get(name));
	}

	private static String image(String service) {
		return String.valueOf(service(service).get("image"));
	}

}
