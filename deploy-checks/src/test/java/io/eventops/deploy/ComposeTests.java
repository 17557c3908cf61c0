package io.eventops.deploy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ComposeTests {

	private static final String COMPOSE = RepositoryFiles.read(RepositoryFiles.resolve("deploy/docker-compose.yml"));

	private static final Map<String, Object> SERVICES = RepositoryFiles
		.asMap(RepositoryFiles.documents(COMPOSE).get(0).get("services"));

	@Test
	void runsTheWholeSuiteWithTwoPrintersAndMonitoring() {
		assertThat(SERVICES).containsKeys("postgres", "redis", "reconciler-service", "print-orchestrator",
				"kiosk-sync-service", "printer-1", "printer-2", "prometheus", "grafana");
		assertThat(List.of("printer-1", "printer-2"))
			.allSatisfy((printer) -> assertThat(image(printer)).startsWith("eventops/printer-driver-zpl:"));
	}

	@Test
	void servicesUseTheImagesJibBuildsAndTheRealEnvironmentNames() {
		for (String service : List.of("reconciler-service", "print-orchestrator", "kiosk-sync-service")) {
			assertThat(image(service)).isEqualTo("eventops/" + service + ":0.1.0-SNAPSHOT");
			Map<String, Object> environment = RepositoryFiles
				.asMap(RepositoryFiles.at(service(service), "environment"));
			assertThat(environment).containsKeys("EVENTOPS_DB_URL", "EVENTOPS_REDIS_HOST", "EVENTOPS_REDIS_PORT",
					"EVENTOPS_OPS_PASSWORD", "EVENTOPS_ADMIN_PASSWORD", "EVENTOPS_INTERNAL_TOKEN");
		}
		assertThat(RepositoryFiles.asMap(RepositoryFiles.at(service("kiosk-sync-service"), "environment")))
			.containsEntry("RECON_URL", "http://reconciler-service:8081");
	}

	@Test
	void commitsNoSecretValues() {
		List<String> secretLines = COMPOSE.lines()
			.map(String::strip)
			.filter((line) -> line.matches("[A-Z_]*(PASSWORD|TOKEN)[A-Z_]*:.*"))
			.toList();
		assertThat(secretLines).hasSizeGreaterThanOrEqualTo(6)
			.allSatisfy((line) -> assertThat(line).matches("[A-Z_]+: \\$\\{[A-Z_]+:\\?[^}]*}"));
	}

	@Test
	void provisionsTheDashboardAndTheAlertRules() {
		assertThat(RepositoryFiles.asList(RepositoryFiles.at(service("prometheus"), "volumes")))
			.contains("./prometheus/alerts.yml:/etc/prometheus/alerts.yml:ro");
		assertThat(RepositoryFiles.asList(RepositoryFiles.at(service("grafana"), "volumes"))).contains(
				"./grafana/provisioning:/etc/grafana/provisioning:ro",
				"./grafana/dashboards:/var/lib/grafana/dashboards:ro");
	}

	private static Map<String, Object> service(String name) {
		return RepositoryFiles.asMap(SERVICES.get(name));
	}

	private static String image(String service) {
		return String.valueOf(service(service).get("image"));
	}

}
