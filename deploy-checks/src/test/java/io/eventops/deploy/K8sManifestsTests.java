package io.eventops.deploy;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

class K8sManifestsTests {

	private static final Set<String> SERVICES = Set.of("reconciler-service", "print-orchestrator",
			"kiosk-sync-service");

	/**
	 * The services and the help desk (#41): what every long-running Deployment must do.
	 */
	private static final Set<String> WORKLOADS = Set.of("reconciler-service", "print-orchestrator",
			"kiosk-sync-service", "ops-console");

	/** The contract's path prefixes (API.md) and the Service that owns each. */
	private static final Map<String, String> ROUTES = Map.of("/v1/kiosks", "kiosk-sync-service", "/admin/v1/kiosks",
			"kiosk-sync-service", "/admin/v1/events", "reconciler-service", "/admin/v1/attendees", "reconciler-service",
			"/admin/v1/rejections", "reconciler-service", "/admin/v1/express-codes", "reconciler-service",
			"/admin/v1/printers", "print-orchestrator", "/admin/v1/dispatch", "print-orchestrator",
			"/admin/v1/print-jobs", "print-orchestrator", "/", "ops-console");

	/**
	 * The plain-HTTP management port of each service: health and
	 * {@code /actuator/prometheus} are served there only, never on the API port.
	 */
	static final Map<String, Integer> MANAGEMENT_PORTS = Map.of("reconciler-service", 9081, "print-orchestrator", 9082,
			"kiosk-sync-service", 9443, "ops-console", 9083);

	/** The API port of each service: it answers no {@code /actuator/**}. */
	static final Map<String, Integer> API_PORTS = Map.of("reconciler-service", 8081, "print-orchestrator", 8082,
			"kiosk-sync-service", 8443, "ops-console", 8083);

	/** The environment variable that sets each service's management port. */
	private static final Map<String, String> MANAGEMENT_PORT_ENV = Map.of("reconciler-service", "RECON_MANAGEMENT_PORT",
			"print-orchestrator", "PRINT_MANAGEMENT_PORT", "kiosk-sync-service", "EDGE_MANAGEMENT_PORT", "ops-console",
			"CONSOLE_MANAGEMENT_PORT");

	/** Rendered once per run: kubectl's kustomize takes a second or more per call. */
	private static List<Manifests> all;

	static synchronized Stream<Manifests> manifests() {
		if (all == null) {
			Path base = RepositoryFiles.resolve("k8s/base");
			Path production = RepositoryFiles.resolve("k8s/overlays/production");
			Manifests rendered = Manifests.of(production);
			List<Manifests> files = List.of(Manifests.fromFilesOnly(base), Manifests.fromFilesOnly(production));
			all = rendered.renderedBy().equals("files") ? files
					: List.of(files.get(0), files.get(1), Manifests.of(base), rendered);
		}
		return all.stream();
	}

	@ParameterizedTest
	@MethodSource("manifests")
	void everyServiceHasADeploymentServiceAndDisruptionBudget(Manifests manifests) {
		assertThat(manifests.ofKind("Deployment")).extracting(Manifests::name).containsAll(WORKLOADS);
		assertThat(manifests.ofKind("Service")).extracting(Manifests::name).containsAll(WORKLOADS);
		for (Map<String, Object> deployment : workloads(manifests)) {
			Object labels = RepositoryFiles.at(deployment, "spec.selector.matchLabels");
			assertThat(manifests.ofKind("PodDisruptionBudget")).as("PDB of %s", Manifests.name(deployment))
				.anySatisfy((pdb) -> {
					assertThat(RepositoryFiles.at(pdb, "spec.selector.matchLabels")).isEqualTo(labels);
					// at most one pod of a service down, as the rollout drill restarts
					// them
					assertThat(RepositoryFiles.at(pdb, "spec.maxUnavailable")).isEqualTo(1);
					assertThat(RepositoryFiles.at(pdb, "spec.minAvailable")).isNull();
				});
		}
	}

	@ParameterizedTest
	@MethodSource("manifests")
	void replicasSpreadOverNodesAndTheAutoscaledEdgeHasNoFixedCount(Manifests manifests) {
		for (Map<String, Object> deployment : workloads(manifests)) {
			String name = Manifests.name(deployment);
			List<Object> spread = RepositoryFiles
				.asList(RepositoryFiles.at(deployment, "spec.template.spec.topologySpreadConstraints"));
			assertThat(spread).as("%s topologySpreadConstraints", name)
				.anySatisfy((constraint) -> assertThat(RepositoryFiles.asMap(constraint))
					.containsEntry("topologyKey", "kubernetes.io/hostname")
					.containsEntry("maxSkew", 1));
			// the longest graceful drain the rollout drill measured was 2.4 s (drills
			// README):
			// 45 s minus the 10 s preStop pause leaves a margin of more than ten times
			// that
			assertThat(RepositoryFiles.at(deployment, "spec.template.spec.terminationGracePeriodSeconds"))
				.as("%s terminationGracePeriodSeconds", name)
				.isEqualTo(45);
		}
		manifests.ofKind("Deployment")
			.stream()
			.filter((deployment) -> Manifests.name(deployment).equals("kiosk-sync-service"))
			.forEach((edge) -> assertThat(RepositoryFiles.at(edge, "spec.replicas"))
				.as("the HPA owns the edge's replica count")
				.isNull());
	}

	@ParameterizedTest
	@MethodSource("manifests")
	void deploymentsProbeTheActuatorHealthGroups(Manifests manifests) {
		for (Map<String, Object> deployment : workloads(manifests)) {
			Map<String, Object> container = container(deployment);
			String name = Manifests.name(deployment);
			assertThat(RepositoryFiles.at(container, "startupProbe.httpGet.path")).as(name)
				.isEqualTo("/actuator/health/liveness");
			assertThat(RepositoryFiles.at(container, "livenessProbe.httpGet.path")).as(name)
				.isEqualTo("/actuator/health/liveness");
			assertThat(RepositoryFiles.at(container, "readinessProbe.httpGet.path")).as(name)
				.isEqualTo("/actuator/health/readiness");
			Integer managementPort = MANAGEMENT_PORTS.get(name);
			for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
				assertThat(RepositoryFiles.at(container, probe + ".httpGet.port")).as(name + " " + probe)
					.isEqualTo(managementPort)
					.isNotEqualTo(API_PORTS.get(name));
				assertThat(RepositoryFiles.at(container, probe + ".httpGet.scheme")).as(name + " " + probe)
					.isEqualTo("HTTP");
			}
		}
	}

	@ParameterizedTest
	@MethodSource("manifests")
	void everyServiceHasANamedManagementPortThatItsServiceExposes(Manifests manifests) {
		for (Map<String, Object> deployment : workloads(manifests)) {
			String name = Manifests.name(deployment);
			Map<String, Object> container = container(deployment);
			assertThat(RepositoryFiles.asList(container.get("ports"))).as("%s container ports", name)
				.anySatisfy((port) -> assertThat(RepositoryFiles.asMap(port)).containsEntry("name", "management")
					.containsEntry("containerPort", MANAGEMENT_PORTS.get(name)));
			assertThat(RepositoryFiles.asList(container.get("env"))).as("%s env", name)
				.anySatisfy((env) -> assertThat(RepositoryFiles.asMap(env))
					.containsEntry("name", MANAGEMENT_PORT_ENV.get(name))
					.containsEntry("value", String.valueOf(MANAGEMENT_PORTS.get(name))));
			Map<String, Object> service = manifests.ofKind("Service")
				.stream()
				.filter((candidate) -> Manifests.name(candidate).equals(name))
				.findFirst()
				.orElseThrow(() -> new AssertionError("no Service " + name));
			assertThat(RepositoryFiles.asList(RepositoryFiles.at(service, "spec.ports"))).as("%s Service ports", name)
				.anySatisfy((port) -> assertThat(RepositoryFiles.asMap(port)).containsEntry("name", "management")
					.containsEntry("port", MANAGEMENT_PORTS.get(name))
					.containsEntry("targetPort", "management"));
		}
	}

	// an annotation-driven scrape must not point at an API port either
	@ParameterizedTest
	@MethodSource("manifests")
	void noPrometheusAnnotationNamesAnApiPort(Manifests manifests) {
		for (Map<String, Object> deployment : workloads(manifests)) {
			String name = Manifests.name(deployment);
			for (Object annotations : java.util.Arrays.asList(RepositoryFiles.at(deployment, "metadata.annotations"),
					RepositoryFiles.at(deployment, "spec.template.metadata.annotations"))) {
				Object port = (annotations != null) ? RepositoryFiles.asMap(annotations).get("prometheus.io/port")
						: null;
				if (port != null) {
					assertThat(port.toString()).as(name).isEqualTo(String.valueOf(MANAGEMENT_PORTS.get(name)));
				}
			}
		}
	}

	@ParameterizedTest
	@MethodSource("manifests")
	void deploymentsHaveRequestsAndLimits(Manifests manifests) {
		for (Map<String, Object> deployment : workloads(manifests)) {
			Map<String, Object> container = container(deployment);
			for (String key : List.of("requests.cpu", "requests.memory", "limits.cpu", "limits.memory")) {
				assertThat(RepositoryFiles.at(container, "resources." + key)).as(Manifests.name(deployment) + " " + key)
					.isNotNull();
			}
		}
	}

	@ParameterizedTest
	@MethodSource("manifests")
	void rolloutsKeepCapacityAndShutDownGracefully(Manifests manifests) {
		for (Map<String, Object> deployment : workloads(manifests)) {
			String name = Manifests.name(deployment);
			assertThat(RepositoryFiles.at(deployment, "spec.strategy.type")).as(name).isEqualTo("RollingUpdate");
			assertThat(RepositoryFiles.at(deployment, "spec.strategy.rollingUpdate.maxUnavailable")).as(name)
				.isEqualTo(0);
			Object grace = RepositoryFiles.at(deployment, "spec.template.spec.terminationGracePeriodSeconds");
			assertThat(grace).as(name).isInstanceOf(Integer.class);
			assertThat((Integer) grace).as(name).isGreaterThanOrEqualTo(30);
			assertThat(RepositoryFiles.at(container(deployment), "lifecycle.preStop")).as(name).isNotNull();
		}
		Map<String, Object> config = manifests.ofKind("ConfigMap")
			.stream()
			.filter((map) -> Manifests.name(map).startsWith("eventops-config"))
			.findFirst()
			.orElseThrow();
		assertThat(RepositoryFiles.asMap(config.get("data"))).containsEntry("SERVER_SHUTDOWN", "graceful")
			.containsKey("SPRING_LIFECYCLE_TIMEOUT_PER_SHUTDOWN_PHASE");
	}

	@ParameterizedTest
	@MethodSource("manifests")
	void theEdgeScalesHorizontally(Manifests manifests) {
		assertThat(manifests.ofKind("HorizontalPodAutoscaler")).anySatisfy((hpa) -> {
			assertThat(RepositoryFiles.at(hpa, "spec.scaleTargetRef.kind")).isEqualTo("Deployment");
			assertThat(RepositoryFiles.at(hpa, "spec.scaleTargetRef.name")).isEqualTo("kiosk-sync-service");
			assertThat((Integer) RepositoryFiles.at(hpa, "spec.minReplicas")).isGreaterThanOrEqualTo(2);
		});
	}

	@ParameterizedTest
	@MethodSource("manifests")
	void ingressTerminatesTlsAndRoutesTheContractsPrefixes(Manifests manifests) {
		Map<String, String> routes = new HashMap<>();
		for (Map<String, Object> ingress : manifests.ofKind("Ingress")) {
			List<Object> tls = RepositoryFiles.asList(RepositoryFiles.at(ingress, "spec.tls"));
			assertThat(tls).as(Manifests.name(ingress)).isNotEmpty();
			Set<Object> tlsHosts = new java.util.HashSet<>();
			tls.forEach((entry) -> tlsHosts.addAll(RepositoryFiles.asList(RepositoryFiles.asMap(entry).get("hosts"))));
			for (Object rule : RepositoryFiles.asList(RepositoryFiles.at(ingress, "spec.rules"))) {
				Map<String, Object> ruleMap = RepositoryFiles.asMap(rule);
				assertThat(tlsHosts).as("TLS host of %s", Manifests.name(ingress)).contains(ruleMap.get("host"));
				for (Object path : RepositoryFiles.asList(RepositoryFiles.at(ruleMap, "http.paths"))) {
					Map<String, Object> pathMap = RepositoryFiles.asMap(path);
					assertThat(pathMap.get("pathType")).isEqualTo("Prefix");
					routes.put(pathMap.get("path").toString(),
							String.valueOf(RepositoryFiles.at(pathMap, "backend.service.name")));
				}
			}
		}
		assertThat(routes).containsAllEntriesOf(ROUTES);
		assertThat(routes.keySet()).noneMatch((path) -> path.startsWith("/actuator") || path.startsWith("/internal"));
	}

	@ParameterizedTest
	@MethodSource("manifests")
	void noSecretValuesAreCommitted(Manifests manifests) {
		for (Map<String, Object> secret : manifests.ofKind("Secret")) {
			assertThat(RepositoryFiles.asMap(secret.getOrDefault("data", Map.of()))).as(Manifests.name(secret))
				.isEmpty();
			assertThat(RepositoryFiles.asMap(secret.getOrDefault("stringData", Map.of()))).as(Manifests.name(secret))
				.isEmpty();
		}
		for (Map<String, Object> config : manifests.ofKind("ConfigMap")) {
			assertThat(RepositoryFiles.asMap(config.getOrDefault("data", Map.of())).keySet()).as(Manifests.name(config))
				.noneMatch((key) -> key.contains("PASSWORD") || key.contains("TOKEN"));
		}
		for (Map<String, Object> deployment : manifests.ofKind("Deployment")) {
			for (Object variable : allEnv(deployment)) {
				Map<String, Object> env = RepositoryFiles.asMap(variable);
				String name = env.get("name").toString();
				if (name.contains("PASSWORD") || name.contains("TOKEN")) {
					assertThat(env).as(name).doesNotContainKey("value");
					assertThat(RepositoryFiles.at(env, "valueFrom.secretKeyRef.name")).as(name)
						.isEqualTo("eventops-credentials");
				}
			}
		}
	}

	@ParameterizedTest
	@MethodSource("manifests")
	void podsRunAsTheImagesNonRootUser(Manifests manifests) {
		for (Map<String, Object> deployment : manifests.ofKind("Deployment")) {
			assertThat(RepositoryFiles.at(deployment, "spec.template.spec.securityContext.runAsNonRoot"))
				.isEqualTo(true);
			assertThat(RepositoryFiles.at(deployment, "spec.template.spec.securityContext.runAsUser")).isEqualTo(10001);
		}
	}

	/** The Deployments of the three services (not the help desk, not the toolbox). */
	static List<Map<String, Object>> services(Manifests manifests) {
		return manifests.ofKind("Deployment")
			.stream()
			.filter((deployment) -> SERVICES.contains(Manifests.name(deployment)))
			.toList();
	}

	/** The Deployments of the three services and the help desk (not the toolbox). */
	static List<Map<String, Object>> workloads(Manifests manifests) {
		return manifests.ofKind("Deployment")
			.stream()
			.filter((deployment) -> WORKLOADS.contains(Manifests.name(deployment)))
			.toList();
	}

	/** The env entries of every container and init container of a Deployment. */
	static List<Object> allEnv(Map<String, Object> deployment) {
		List<Object> env = new java.util.ArrayList<>();
		for (String list : List.of("containers", "initContainers")) {
			for (Object container : RepositoryFiles
				.asList(RepositoryFiles.at(deployment, "spec.template.spec." + list))) {
				env.addAll(RepositoryFiles.asList(RepositoryFiles.asMap(container).get("env")));
			}
		}
		return env;
	}

	static Map<String, Object> container(Map<String, Object> deployment) {
		List<Object> containers = RepositoryFiles
			.asList(RepositoryFiles.at(deployment, "spec.template.spec.containers"));
		assertThat(containers).as(Manifests.name(deployment)).hasSize(1);
		return RepositoryFiles.asMap(containers.get(0));
	}

}
