package io.eventops.deploy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The compose file runs under both Compose generations (v2, what users have; Debian's
 * docker-compose 1.29.2, what the offline machines and CI have), and the offline override
 * ({@code docker-compose.offline.yml}, deploy/offline-images.sh) stays consistent with
 * it.
 */
class ComposeCompatibilityTests {

	private static final Path FILE = RepositoryFiles.resolve("docker-compose.yml");

	private static final Path OFFLINE_FILE = RepositoryFiles.resolve("docker-compose.offline.yml");

	private static final Map<String, Object> COMPOSE = RepositoryFiles.document(FILE);

	private static final Map<String, Object> OFFLINE = RepositoryFiles.document(OFFLINE_FILE);

	/**
	 * Top-level keys of docker-compose 1.29.2's schema
	 * (compose/config/compose_spec.json).
	 */
	private static final Set<String> TOP_LEVEL = Set.of("services", "volumes", "networks", "configs", "secrets");

	/**
	 * Service keys of docker-compose 1.29.2's schema: a key outside it (v2's
	 * {@code develop}, {@code attach}, {@code post_start}, {@code gw_priority}, …) is
	 * refused there.
	 */
	private static final Set<String> SERVICE_KEYS = Set.of("blkio_config", "build", "cap_add", "cap_drop",
			"cgroup_parent", "command", "configs", "container_name", "cpu_count", "cpu_percent", "cpu_period",
			"cpu_quota", "cpu_rt_period", "cpu_rt_runtime", "cpu_shares", "cpus", "cpuset", "credential_spec",
			"depends_on", "deploy", "device_cgroup_rules", "devices", "dns", "dns_opt", "dns_search", "domainname",
			"entrypoint", "env_file", "environment", "expose", "extends", "external_links", "extra_hosts", "group_add",
			"healthcheck", "hostname", "image", "init", "ipc", "isolation", "labels", "links", "logging", "mac_address",
			"mem_limit", "mem_reservation", "mem_swappiness", "memswap_limit", "network_mode", "networks",
			"oom_kill_disable", "oom_score_adj", "pid", "pids_limit", "platform", "ports", "privileged", "profiles",
			"pull_policy", "read_only", "restart", "runtime", "scale", "secrets", "security_opt", "shm_size",
			"stdin_open", "stop_grace_period", "stop_signal", "storage_opt", "sysctls", "tmpfs", "tty", "ulimits",
			"user", "userns_mode", "volumes", "volumes_from", "working_dir");

	/** 1.29.2 and Engine 20.10 know no {@code start_interval}. */
	private static final Set<String> HEALTHCHECK_KEYS = Set.of("disable", "interval", "retries", "start_period", "test",
			"timeout");

	private static final Set<String> CONDITIONS = Set.of("service_started", "service_healthy",
			"service_completed_successfully");

	@Test
	void topLevelHasNoNameAndNoV2OnlyKeys() {
		for (Map<String, Object> file : List.of(COMPOSE, OFFLINE)) {
			for (String key : file.keySet()) {
				assertThat(key.startsWith("x-") || TOP_LEVEL.contains(key))
					.as("top-level key '%s' (1.29.2 refuses 'name'; v2 calls 'version' obsolete)", key)
					.isTrue();
			}
		}
		assertThat(COMPOSE).doesNotContainKeys("name", "version", "include");
	}

	@Test
	void servicesUseOnlyKeysCompose129Knows() {
		for (Map<String, Object> file : List.of(COMPOSE, OFFLINE)) {
			for (Map.Entry<String, Object> entry : RepositoryFiles.asMap(file.get("services")).entrySet()) {
				String name = entry.getKey();
				Map<String, Object> service = RepositoryFiles.asMap(entry.getValue());
				assertThat(SERVICE_KEYS).as(name).containsAll(service.keySet());
				if (service.get("healthcheck") != null) {
					assertThat(HEALTHCHECK_KEYS).as("%s healthcheck", name)
						.containsAll(RepositoryFiles.asMap(service.get("healthcheck")).keySet());
				}
				if (service.get("depends_on") instanceof Map<?, ?> dependsOn) {
					for (Map.Entry<?, ?> dependency : dependsOn.entrySet()) {
						Map<String, Object> spec = RepositoryFiles.asMap(dependency.getValue());
						// v2's 'required' and 'restart' are refused by 1.29.2
						assertThat(spec.keySet()).as("%s after %s", name, dependency.getKey())
							.containsExactly("condition");
						assertThat(CONDITIONS).contains(String.valueOf(spec.get("condition")));
					}
				}
			}
		}
	}

	@Test
	void theOfflineOverrideOnlyMovesImagesAndKeepsGrafanaOut() {
		Map<String, Object> services = RepositoryFiles.asMap(COMPOSE.get("services"));
		Map<String, Object> offline = RepositoryFiles.asMap(OFFLINE.get("services"));
		assertThat(services.keySet()).containsAll(offline.keySet());
		for (Map.Entry<String, Object> entry : services.entrySet()) {
			String name = entry.getKey();
			String image = String.valueOf(RepositoryFiles.asMap(entry.getValue()).get("image"));
			Map<String, Object> override = (offline.get(name) != null) ? RepositoryFiles.asMap(offline.get(name))
					: Map.of();
			if (name.equals("grafana")) {
				// not packaged for Debian: in a profile nothing starts, in the offline
				// run only
				assertThat(override).as(name).containsOnlyKeys("profiles");
				assertThat(RepositoryFiles.asMap(entry.getValue())).doesNotContainKey("profiles");
			}
			else if (image.startsWith("eventops/")) {
				// built locally under the production name (deploy/offline-images.sh)
				assertThat(override).as(name).isEmpty();
			}
			else {
				assertThat(override).as("%s (%s) needs a local image", name, image).containsOnlyKeys("image");
				assertThat(String.valueOf(override.get("image"))).as(name).startsWith("eventops-offline/");
			}
		}
	}

	@Test
	void theImagesScriptBuildsEveryImageTheOfflineRunNeeds() {
		String script = RepositoryFiles.read(RepositoryFiles.resolve("deploy/offline-images.sh"));
		List<String> images = new ArrayList<>();
		RepositoryFiles.asMap(OFFLINE.get("services")).values().forEach((service) -> {
			Object image = RepositoryFiles.asMap(service).get("image");
			if (image != null) {
				images.add(image.toString());
			}
		});
		assertThat(images).isNotEmpty().allSatisfy((image) -> assertThat(script).contains("=" + image + "\n"));
		RepositoryFiles.asMap(COMPOSE.get("services")).values().forEach((service) -> {
			String image = String.valueOf(RepositoryFiles.asMap(service).get("image"));
			if (image.startsWith("eventops/")) {
				String module = image.substring("eventops/".length(), image.indexOf(':'));
				assertThat(script).as(image).contains("[" + module + "]=\"" + module + "/target/");
				assertThat(image).endsWith(":0.1.0-SNAPSHOT");
			}
		});
	}

	@Test
	void ciRunsTheComposeSmokeAfterTheBuild() {
		List<String> lines = RepositoryFiles.read(RepositoryFiles.resolve(".ci/run"))
			.lines()
			.map(String::strip)
			.toList();
		int verify = lines.indexOf("./mvnw verify");
		assertThat(verify).as(".ci/run keeps ./mvnw verify").isNotNegative();
		assertThat(lines.subList(verify + 1, lines.size()))
			.anySatisfy((line) -> assertThat(line).doesNotStartWith("#").contains("deploy/compose-smoke.sh"));
	}

	@Test
	void dockerCompose129AcceptsBothFilesWhereInstalled() {
		Optional<Path> compose = Commands.find("docker-compose");
		if (compose.isEmpty() || Commands.run(List.of(compose.get().toString(), "version")).exitCode() != 0) {
			return;
		}
		assertAccepted(List.of(compose.get().toString()));
	}

	@Test
	void dockerComposeV2AcceptsBothFilesWhereInstalled() {
		Optional<Path> docker = Commands.find("docker");
		if (docker.isEmpty() || Commands.run(List.of(docker.get().toString(), "compose", "version")).exitCode() != 0) {
			return;
		}
		assertAccepted(List.of(docker.get().toString(), "compose"));
	}

	private static void assertAccepted(List<String> compose) {
		for (List<Path> files : List.of(List.of(FILE), List.of(FILE, OFFLINE_FILE))) {
			List<String> command = new ArrayList<>(
					List.of("env", "EVENTOPS_OPS_PASSWORD=o", "EVENTOPS_ADMIN_PASSWORD=a",
							"EVENTOPS_INTERNAL_TOKEN=0123456789abcdef", "EVENTOPS_DB_ADMIN_PASSWORD=d",
							"EVENTOPS_DB_PASSWORD=d", "EVENTOPS_REDIS_PASSWORD=r", "GRAFANA_ADMIN_PASSWORD=g"));
			command.addAll(compose);
			files.forEach((file) -> command.addAll(List.of("-f", file.toString())));
			command.addAll(List.of("config", "--quiet"));
			Commands.Result result = Commands.run(command);
			assertThat(result.exitCode()).as("%s: %s", command, result.output()).isZero();
		}
	}

}
