package io.eventops.drills.observe;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import io.eventops.localstack.RunningSuite;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real Prometheus server (the installed {@code prometheus} binary) scraping a running
 * suite every second with the repository's alert rules: what the Grafana dashboard and
 * the alerts would see, checked without Docker.
 */
public final class LocalPrometheus implements AutoCloseable {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final Process process;

	private final URI base;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private LocalPrometheus(Process process, URI base) {
		this.process = process;
		this.base = base;
	}

	/**
	 * The {@code prometheus} binary on the {@code PATH}, if any.
	 * @return its path
	 */
	public static Optional<Path> binary() {
		for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
			Path candidate = Path.of(dir, "prometheus");
			if (Files.isExecutable(candidate)) {
				return Optional.of(candidate);
			}
		}
		return Optional.empty();
	}

	/**
	 * Starts Prometheus on a free loopback port, scraping the suite's three services.
	 * @param binary the {@code prometheus} binary
	 * @param suite the suite
	 * @param rules the alert rules file
	 * @param dir a directory for its configuration, data and log
	 * @return the server, ready
	 * @throws IOException when it cannot start
	 * @throws InterruptedException when interrupted
	 */
	public static LocalPrometheus start(Path binary, RunningSuite suite, Path rules, Path dir)
			throws IOException, InterruptedException {
		Files.createDirectories(dir);
		Path config = dir.resolve("prometheus.yml");
		Files.writeString(config, """
				global:
				  scrape_interval: 1s
				  evaluation_interval: 1s
				rule_files:
				  - %s
				scrape_configs:
				  - job_name: reconciler-service
				    metrics_path: /actuator/prometheus
				    static_configs: [{ targets: ["%s"] }]
				  - job_name: print-orchestrator
				    metrics_path: /actuator/prometheus
				    static_configs: [{ targets: ["%s"] }]
				  - job_name: kiosk-sync-service
				    metrics_path: /actuator/prometheus
				    static_configs: [{ targets: ["%s"] }]
				""".formatted(rules.toAbsolutePath(), hostPort(suite.reconManagementUrl()),
				hostPort(suite.printManagementUrl()), hostPort(suite.edgeManagementUrl())));
		int port;
		try (ServerSocket socket = new ServerSocket(0)) {
			port = socket.getLocalPort();
		}
		Process process = new ProcessBuilder(binary.toString(), "--config.file=" + config,
				"--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + port)
			.redirectErrorStream(true)
			.redirectOutput(dir.resolve("prometheus.log").toFile())
			.start();
		LocalPrometheus prometheus = new LocalPrometheus(process, URI.create("http://127.0.0.1:" + port));
		prometheus.awaitReady(Duration.ofSeconds(30), dir.resolve("prometheus.log"));
		return prometheus;
	}

	private static String hostPort(URI uri) {
		return uri.getHost() + ":" + uri.getPort();
	}

	private void awaitReady(Duration timeout, Path log) throws IOException, InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw new IOException("prometheus exited; see " + log);
			}
			try {
				if (get("/-/ready").statusCode() == 200) {
					return;
				}
			}
			catch (IOException ex) {
				// not listening yet
			}
			Thread.sleep(200);
		}
		throw new IOException("prometheus not ready after " + timeout + "; see " + log);
	}

	/**
	 * Health of every scrape target.
	 * @return {@code job=health} per target
	 * @throws IOException when Prometheus does not answer
	 * @throws InterruptedException when interrupted
	 */
	public List<String> targets() throws IOException, InterruptedException {
		List<String> targets = new ArrayList<>();
		for (JsonNode target : api("/api/v1/targets").path("activeTargets")) {
			targets.add(target.path("labels").path("job").asString() + "=" + target.path("health").asString());
		}
		return targets;
	}

	/**
	 * Evaluates an instant query now.
	 * @param expression PromQL
	 * @return the result's series (empty when nothing matched)
	 * @throws IOException when Prometheus refuses the query or does not answer
	 * @throws InterruptedException when interrupted
	 */
	public List<JsonNode> query(String expression) throws IOException, InterruptedException {
		JsonNode data = api("/api/v1/query?query=" + URLEncoder.encode(expression, StandardCharsets.UTF_8));
		List<JsonNode> series = new ArrayList<>();
		data.path("result").forEach(series::add);
		return series;
	}

	/**
	 * Every loaded alerting rule with its health ({@code ok} once evaluated without
	 * error).
	 * @return {@code name=health} per rule
	 * @throws IOException when Prometheus does not answer
	 * @throws InterruptedException when interrupted
	 */
	public List<String> rules() throws IOException, InterruptedException {
		List<String> rules = new ArrayList<>();
		for (JsonNode group : api("/api/v1/rules").path("groups")) {
			for (JsonNode rule : group.path("rules")) {
				rules.add(rule.path("name").asString() + "=" + rule.path("health").asString());
			}
		}
		return rules;
	}

	private JsonNode api(String path) throws IOException, InterruptedException {
		HttpResponse<String> response = get(path);
		JsonNode body = JSON.readTree(response.body());
		if (response.statusCode() != 200 || !"success".equals(body.path("status").asString())) {
			throw new IOException("Prometheus answered " + response.statusCode() + " to " + path + ": "
					+ body.path("error").asString());
		}
		return body.path("data");
	}

	private HttpResponse<String> get(String path) throws IOException, InterruptedException {
		return this.http.send(HttpRequest.newBuilder(this.base.resolve(path)).timeout(Duration.ofSeconds(10)).build(),
				HttpResponse.BodyHandlers.ofString());
	}

	@Override
	public void close() throws InterruptedException {
		this.process.destroy();
		if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
			this.process.destroyForcibly();
		}
	}

}
