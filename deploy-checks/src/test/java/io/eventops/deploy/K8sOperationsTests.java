package io.eventops.deploy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the manifests owe an operator during an event: network policies, the admin host,
 * memory and probes that survive a herd, configuration that rolls the pods, migrations
 * before serving, least-privilege credentials and the Prometheus Operator objects.
 */
class K8sOperationsTests {

	private static final Map<String, String> SCHEMAS = Map.of("reconciler-service", "reconciler", "print-orchestrator",
			"printing", "kiosk-sync-service", "edge");

	static java.util.stream.Stream<Manifests> manifests() {
		return K8sManifestsTests.manifests();
	}

	@ParameterizedTest
	@MethodSource("manifests")
	void podsCarryNoTokenAndMemoryRequestsEqualLimitsWithProbesThatSurviveThrottling(Manifests manifests) {
		for (Map<String, Object> deployment : K8sManifestsTests.workloads(manifests)) {
			String name = Manifests.name(deployment);
			assertThat(RepositoryFiles.at(deployment, "spec.template.spec.automountServiceAccountToken")).as(name)
				.isEqualTo(false);
			Map<String, Object> container = K8sManifestsTests.container(deployment);
			assertThat(RepositoryFiles.at(container, "resources.requests.memory")).as(name)
				.isEqualTo(RepositoryFiles.at(container, "resources.limits.memory"));
			for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
				assertThat((Integer) RepositoryFiles.at(container, probe + ".timeoutSeconds")).as(name + " " + probe)
					.isGreaterThanOrEqualTo(3);
			}
			// liveness gives a throttled pod a minute before it is restarted
			assertThat((Integer) RepositoryFiles.at(container, "livenessProbe.periodSeconds")
					* (Integer) RepositoryFiles.at(container, "livenessProbe.failureThreshold"))
				.as(name)
				.isGreaterThanOrEqualTo(60);
		}
		assertThat(config(manifests).get("JAVA_TOOL_OPTIONS")).contains("-XX:MaxRAMPercentage=60")
			.contains("-XX:MaxDirectMemorySize=")
			.contains("-XX:MaxMetaspaceSize=");
	}

	@ParameterizedTest
	@MethodSource("manifests")
	void configurationIsGeneratedSoThatAChangeRollsThePods(Manifests manifests) {
		if (manifests.renderedBy().equals("files")) {
			Map<String, Object> kustomization = RepositoryFiles
				.document(manifests.source().resolve("kustomization.yaml"));
			assertThat(RepositoryFiles.asList(kustomization.get("configMapGenerator")))
				.anySatisfy((generator) -> assertThat(RepositoryFiles.asMap(generator).get("name"))
					.isEqualTo("eventops-config"));
			return;
		}
		String configName = manifests.ofKind("ConfigMap")
			.stream()
			.map(Manifests::name)
			.filter((name) -> name.startsWith("eventops-config-"))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no hashed eventops-config in " + manifests));
		for (Map<String, Object> deployment : manifests.ofKind("Deployment")) {
			for (Object container : containers(deployment)) {
				for (Object source : RepositoryFiles.asList(RepositoryFiles.asMap(container).get("envFrom"))) {
					assertThat(RepositoryFiles.at(RepositoryFiles.asMap(source), "configMapRef.name"))
						.as(Manifests.name(deployment))
						.isEqualTo(configName);
				}
			}
		}
		assertThat(manifests.ofKind("ConfigMap")).extracting(Manifests::name)
			.as("the parameters map is not deployed")
			.noneMatch((name) -> name.startsWith("eventops-network"));
	}

	@ParameterizedTest
	@MethodSource("manifests")
	void migrationsRunBeforeThePodServesWithALockTimeoutAndTheReconcilersFirst(Manifests manifests) {
		assertThat(config(manifests)).containsEntry("SPRING_FLYWAY_ENABLED", "false");
		for (Map<String, Object> deployment : K8sManifestsTests.services(manifests)) {
			String name = Manifests.name(deployment);
			List<String> init = RepositoryFiles
				.asList(RepositoryFiles.at(deployment, "spec.template.spec.initContainers"))
				.stream()
				.map((container) -> RepositoryFiles.asMap(container).get("name").toString())
				.toList();
			assertThat(init).as(name).containsSubsequence("migrations", "migrate");
			Map<String, Object> migrate = initContainer(deployment, "migrate");
			assertThat(env(migrate, "FLYWAY_INIT_SQL")).as(name).contains("lock_timeout");
			assertThat(env(migrate, "FLYWAY_SCHEMAS")).as(name).isEqualTo(SCHEMAS.get(name));
			// never through PgBouncer: DDL and a session setting
			assertThat(env(migrate, "FLYWAY_URL")).as(name).isEqualTo("$(EVENTOPS_DB_DIRECT_URL)");
			assertThat(env(migrate, "FLYWAY_USER")).as(name)
				.isEqualTo(env(K8sManifestsTests.container(deployment), "EVENTOPS_DB_USER"));
			assertThat(RepositoryFiles.asList(initContainer(deployment, "migrations").get("command"))).as(name)
				.contains("/app/resources/db/migration/" + SCHEMAS.get(name) + "/.");
			if (name.equals("print-orchestrator")) {
				assertThat(init).containsSubsequence("wait-for-reconciler-schema", "migrate");
				// its relay LISTENs, which a transaction-mode pooler cannot carry
				assertThat(env(K8sManifestsTests.container(deployment), "EVENTOPS_DB_URL"))
					.isEqualTo("$(EVENTOPS_DB_DIRECT_URL)");
				assertThat(String.join(" ",
						RepositoryFiles.asList(initContainer(deployment, "wait-for-reconciler-schema").get("command"))
							.stream()
							.map(Object::toString)
							.toList()))
					.contains("reconciler.take_from_badge_job_outbox");
			}
		}
	}

	@ParameterizedTest
	@MethodSource("manifests")
	void eachServiceHasItsOwnDatabaseRoleAndTheRedisPasswordComesFromTheSecret(Manifests manifests) {
		List<String> users = new ArrayList<>();
		for (Map<String, Object> deployment : K8sManifestsTests.services(manifests)) {
			Map<String, Object> container = K8sManifestsTests.container(deployment);
			users.add(env(container, "EVENTOPS_DB_USER"));
			// every service uses Redis, the edge too (login throttle, shared rate limit)
			assertThat(envEntry(container, "SPRING_DATA_REDIS_PASSWORD"))
				.as(Manifests.name(deployment) + " Redis password")
				.isNotNull();
			assertThat(
					RepositoryFiles.at(envEntry(container, "SPRING_DATA_REDIS_PASSWORD"), "valueFrom.secretKeyRef.key"))
				.isEqualTo("redis-password");
			// EVENTOPS_REDIS_HOST and EVENTOPS_REDIS_PORT come from eventops-config
			assertThat(RepositoryFiles.asList(container.get("envFrom")).toString())
				.as(Manifests.name(deployment) + " envFrom")
				.contains("eventops-config");
		}
		assertThat(config(manifests)).containsKeys("EVENTOPS_REDIS_HOST", "EVENTOPS_REDIS_PORT");
		assertThat(users).containsExactlyInAnyOrder("eventops_reconciler", "eventops_orchestrator", "eventops_edge");
		assertThat(config(manifests)).doesNotContainKey("EVENTOPS_DB_USER");
	}

	@ParameterizedTest
	@MethodSource("manifests")
	void networkPoliciesDenyByDefaultAndAllowOnlyTheSuitesFlows(Manifests manifests) {
		Map<String, Map<String, Object>> policies = new java.util.HashMap<>();
		manifests.ofKind("NetworkPolicy").forEach((policy) -> policies.put(Manifests.name(policy), policy));
		assertThat(policies).containsKeys("default-deny", "allow-dns", "allow-ingress-controller",
				"allow-prometheus-scrape", "allow-edge-to-reconciler", "allow-edge-to-orchestrator", "edge-egress",
				"allow-data-stores", "allow-orchestrator-to-printers", "allow-console-to-services", "console-egress");
		Map<String, Object> deny = policies.get("default-deny");
		assertThat(RepositoryFiles.asMap(RepositoryFiles.at(deny, "spec.podSelector"))).isEmpty();
		assertThat(RepositoryFiles.asList(RepositoryFiles.at(deny, "spec.policyTypes")))
			.containsExactlyInAnyOrder("Ingress", "Egress");
		assertThat(RepositoryFiles.at(deny, "spec.ingress")).isNull();
		assertThat(RepositoryFiles.at(deny, "spec.egress")).isNull();

		Map<String, Object> printers = RepositoryFiles.asMap(RepositoryFiles
			.asList(RepositoryFiles.at(policies.get("allow-orchestrator-to-printers"), "spec.egress"))
			.get(0));
		assertThat(ports(printers)).containsExactly(9100);
		String cidr = RepositoryFiles
			.at(RepositoryFiles.asMap(RepositoryFiles.asList(printers.get("to")).get(0)), "ipBlock.cidr")
			.toString();
		assertThat(cidr).matches("[0-9.]+/[0-9]+");
		if (!manifests.renderedBy().equals("files")) {
			assertThat(cidr).as("the venue subnet parameter of %s", manifests)
				.isEqualTo(network(manifests).get("venuePrinterCidr"));
		}
		assertThat(ports(RepositoryFiles
			.asMap(RepositoryFiles.asList(RepositoryFiles.at(policies.get("allow-prometheus-scrape"), "spec.ingress"))
				.get(0))))
			.as("Prometheus reaches the management ports only")
			.containsExactlyInAnyOrder(9081, 9082, 9443, 9083);
		assertThat(ports(RepositoryFiles.asMap(
				RepositoryFiles.asList(RepositoryFiles.at(policies.get("allow-data-stores"), "spec.egress")).get(0))))
			.contains(5432, 6379, 6432);
		assertThat(RepositoryFiles.at(policies.get("allow-data-stores"), "spec.podSelector").toString())
			.as("the edge reaches Redis")
			.contains("kiosk-sync-service");
		// the edge still reaches the reconciler's API, and only it
		assertThat(ports(RepositoryFiles
			.asMap(RepositoryFiles.asList(RepositoryFiles.at(policies.get("allow-edge-to-reconciler"), "spec.ingress"))
				.get(0))))
			.containsExactly(8081);
		assertThat(ports(RepositoryFiles
			.asMap(RepositoryFiles.asList(RepositoryFiles.at(policies.get("edge-egress"), "spec.egress")).get(0))))
			.containsExactly(8081);
		assertThat(RepositoryFiles.at(policies.get("allow-edge-to-reconciler"),
				"spec.podSelector.matchLabels.app.kubernetes.io/name"))
			.isNull();
		// the edge asks the orchestrator for badge status (its /internal), on its API
		// port only
		assertThat(ports(RepositoryFiles.asMap(
				RepositoryFiles.asList(RepositoryFiles.at(policies.get("allow-edge-to-orchestrator"), "spec.ingress"))
					.get(0))))
			.containsExactly(8082);
		assertThat(ports(RepositoryFiles
			.asMap(RepositoryFiles.asList(RepositoryFiles.at(policies.get("edge-egress"), "spec.egress")).get(1))))
			.containsExactly(8082);
		// the help desk (#41) reaches the three services' API ports, and they let it in
		assertThat(ports(RepositoryFiles
			.asMap(RepositoryFiles.asList(RepositoryFiles.at(policies.get("allow-console-to-services"), "spec.ingress"))
				.get(0))))
			.containsExactlyInAnyOrder(8081, 8082, 8443);
		assertThat(RepositoryFiles.asList(RepositoryFiles.at(policies.get("console-egress"), "spec.egress"))
			.stream()
			.flatMap((rule) -> ports(RepositoryFiles.asMap(rule)).stream())
			.toList()).containsExactlyInAnyOrder(8081, 8082, 8443);
		assertThat(RepositoryFiles.at(policies.get("allow-data-stores"), "spec.podSelector").toString())
			.as("the help desk reaches Redis (its sessions)")
			.contains("ops-console");
	}

	@ParameterizedTest
	@MethodSource("manifests")
	void theAdminApisAreOnTheirOwnHostBehindASourceAllowList(Manifests manifests) {
		List<Object> kioskHosts = new ArrayList<>();
		List<Object> adminHosts = new ArrayList<>();
		for (Map<String, Object> ingress : manifests.ofKind("Ingress")) {
			for (Object rule : RepositoryFiles.asList(RepositoryFiles.at(ingress, "spec.rules"))) {
				Map<String, Object> ruleMap = RepositoryFiles.asMap(rule);
				List<String> paths = RepositoryFiles.asList(RepositoryFiles.at(ruleMap, "http.paths"))
					.stream()
					.map((path) -> RepositoryFiles.asMap(path).get("path").toString())
					.toList();
				// the help desk (#41) takes the rest of the admin host
				boolean console = RepositoryFiles.asList(RepositoryFiles.at(ruleMap, "http.paths"))
					.stream()
					.anyMatch((path) -> "ops-console"
						.equals(RepositoryFiles.at(RepositoryFiles.asMap(path), "backend.service.name")));
				if (console || paths.stream().anyMatch((path) -> path.startsWith("/admin"))) {
					if (!console) {
						assertThat(paths).as(Manifests.name(ingress)).allMatch((path) -> path.startsWith("/admin/"));
					}
					adminHosts.add(ruleMap.get("host"));
					Object allowList = annotations(ingress).get("nginx.ingress.kubernetes.io/whitelist-source-range");
					assertThat(allowList).as("allow-list of %s", Manifests.name(ingress)).isNotNull();
					assertThat(allowList.toString()).matches("[0-9./]+(,[0-9./]+)*");
					if (!manifests.renderedBy().equals("files")) {
						assertThat(allowList).isEqualTo(network(manifests).get("adminSourceRanges"));
					}
				}
				else {
					kioskHosts.add(ruleMap.get("host"));
				}
			}
		}
		assertThat(adminHosts).isNotEmpty().doesNotContainAnyElementsOf(kioskHosts);
		Map<String, Object> admin = manifests.ofKind("Ingress")
			.stream()
			.filter((ingress) -> Manifests.name(ingress).equals("eventops-admin"))
			.findFirst()
			.orElseThrow();
		String bodySize = annotations(admin).get("nginx.ingress.kubernetes.io/proxy-body-size").toString();
		assertThat(Integer.parseInt(bodySize.replace("m", ""))).as("attendee imports fit").isGreaterThanOrEqualTo(16);
	}

	@Test
	void productionIsMonitoredByThePrometheusOperator() {
		Manifests production = K8sManifestsTests.manifests().reduce((first, second) -> second).orElseThrow();
		// every Service with a management port (each service's and the console's
		// /actuator/prometheus) is scraped: a new one without its ServiceMonitor fails
		// here
		List<String> scraped = production.ofKind("Service")
			.stream()
			.filter((service) -> RepositoryFiles.asList(RepositoryFiles.at(service, "spec.ports"))
				.stream()
				.anyMatch((port) -> "management".equals(RepositoryFiles.asMap(port).get("name"))))
			.map(Manifests::name)
			.toList();
		assertThat(scraped).containsAll(K8sManifestsTests.MANAGEMENT_PORTS.keySet());
		assertThat(production.ofKind("ServiceMonitor")).extracting(Manifests::name)
			.containsExactlyInAnyOrderElementsOf(scraped);
		for (Map<String, Object> monitor : production.ofKind("ServiceMonitor")) {
			String name = Manifests.name(monitor);
			Map<String, Object> service = production.ofKind("Service")
				.stream()
				.filter((candidate) -> Manifests.name(candidate).equals(name))
				.findFirst()
				.orElseThrow(() -> new AssertionError("no Service " + name));
			assertThat(RepositoryFiles.at(monitor, "spec.selector.matchLabels"))
				.isEqualTo(Map.of("app.kubernetes.io/name", name));
			assertThat(RepositoryFiles.asMap(RepositoryFiles.at(service, "metadata.labels")))
				.containsEntry("app.kubernetes.io/name", name);
			Map<String, Object> endpoint = RepositoryFiles
				.asMap(RepositoryFiles.asList(RepositoryFiles.at(monitor, "spec.endpoints")).get(0));
			assertThat(endpoint.get("path")).isEqualTo("/actuator/prometheus");
			assertThat(endpoint.get("port")).as(name).isEqualTo("management");
			// the named port is the service's management port, never its API port
			assertThat(RepositoryFiles.asList(RepositoryFiles.at(service, "spec.ports"))).anySatisfy(
					(port) -> assertThat(RepositoryFiles.asMap(port)).containsEntry("name", endpoint.get("port"))
						.containsEntry("port", K8sManifestsTests.MANAGEMENT_PORTS.get(name)));
		}
		assertThat(production.ofKind("PrometheusRule")).hasSize(1);
		Map<String, Object> config = production.ofKind("AlertmanagerConfig").get(0);
		List<Object> routes = RepositoryFiles.asList(RepositoryFiles.at(config, "spec.route.routes"));
		assertThat(routes).anySatisfy((route) -> {
			assertThat(RepositoryFiles.asMap(route).get("receiver")).isEqualTo("pager");
			assertThat(RepositoryFiles.asList(RepositoryFiles.asMap(route).get("matchers")).toString())
				.contains("critical");
		});
		List<Object> receivers = RepositoryFiles.asList(RepositoryFiles.at(config, "spec.receivers"))
			.stream()
			.map((receiver) -> RepositoryFiles.asMap(receiver).get("name"))
			.toList();
		assertThat(receivers).contains("pager", "ops-channel");
		assertThat(production.ofKind("Secret")).isEmpty();
	}

	private static Map<String, String> config(Manifests manifests) {
		return data(manifests, "eventops-config");
	}

	private static Map<String, String> network(Manifests manifests) {
		// the parameters are not deployed: read them from the env files of the
		// kustomization
		Map<String, String> values = new java.util.LinkedHashMap<>();
		for (java.nio.file.Path file : List.of(RepositoryFiles.resolve("k8s/base/network.env"),
				manifests.source().resolve("network.env"))) {
			if (java.nio.file.Files.isRegularFile(file)) {
				RepositoryFiles.read(file)
					.lines()
					.filter((line) -> !line.isBlank() && !line.startsWith("#"))
					.forEach((line) -> values.put(line.substring(0, line.indexOf('=')),
							line.substring(line.indexOf('=') + 1)));
			}
		}
		return values;
	}

	@SuppressWarnings("unchecked")
	private static Map<String, String> data(Manifests manifests, String prefix) {
		return manifests.ofKind("ConfigMap")
			.stream()
			.filter((map) -> Manifests.name(map).startsWith(prefix))
			.map((map) -> (Map<String, String>) map.get("data"))
			.filter(Objects::nonNull)
			.findFirst()
			.orElseThrow(() -> new AssertionError("no ConfigMap " + prefix + " in " + manifests));
	}

	private static Map<String, Object> annotations(Map<String, Object> object) {
		return RepositoryFiles.asMap(RepositoryFiles.at(object, "metadata.annotations"));
	}

	private static List<Object> containers(Map<String, Object> deployment) {
		List<Object> all = new ArrayList<>(
				RepositoryFiles.asList(RepositoryFiles.at(deployment, "spec.template.spec.containers")));
		all.addAll(RepositoryFiles.asList(RepositoryFiles.at(deployment, "spec.template.spec.initContainers")));
		return all;
	}

	private static Map<String, Object> initContainer(Map<String, Object> deployment, String name) {
		return RepositoryFiles.asList(RepositoryFiles.at(deployment, "spec.template.spec.initContainers"))
			.stream()
			.map(RepositoryFiles::asMap)
			.filter((container) -> name.equals(container.get("name")))
			.findFirst()
			.orElseThrow(() -> new AssertionError(Manifests.name(deployment) + ": no init container " + name));
	}

	private static Map<String, Object> envEntry(Map<String, Object> container, String name) {
		return RepositoryFiles.asList(container.get("env"))
			.stream()
			.map(RepositoryFiles::asMap)
			.filter((entry) -> name.equals(entry.get("name")))
			.findFirst()
			.orElse(null);
	}

	private static String env(Map<String, Object> container, String name) {
		Map<String, Object> entry = envEntry(container, name);
		assertThat(entry).as("env %s", name).isNotNull();
		return String.valueOf(entry.get("value"));
	}

	private static List<Integer> ports(Map<String, Object> rule) {
		return RepositoryFiles.asList(rule.get("ports"))
			.stream()
			.map((port) -> (Integer) RepositoryFiles.asMap(port).get("port"))
			.toList();
	}

}
