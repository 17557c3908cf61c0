package io.eventops.localstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Control of one service JVM of a {@link RunningSuite}: its pid, {@code kill -9}, a
 * graceful stop and a restart with the very same settings.
 */
public final class ManagedService {

	private final String name;

	private final Path jar;

	private final Map<String, String> environment;

	private final List<String> jvmOptions;

	private final List<String> args;

	private final Path logs;

	private final URI health;

	private final HttpClient http;

	private volatile ServiceProcess process;

	ManagedService(String name, Path jar, Map<String, String> environment, List<String> jvmOptions, List<String> args,
			Path logs, URI health, HttpClient http) {
		this.name = name;
		this.jar = jar;
		this.environment = Map.copyOf(environment);
		this.jvmOptions = List.copyOf(jvmOptions);
		this.args = List.copyOf(args);
		this.logs = logs;
		this.health = health;
		this.http = http;
	}

	void launch() {
		try {
			this.process = ServiceProcess.start(this.name, this.jar, this.environment, this.jvmOptions, this.args,
					this.logs);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot start " + this.name, ex);
		}
	}

	/**
	 * Waits until the service's health endpoint answers 200.
	 * @param timeout how long to wait
	 * @throws InterruptedException when interrupted
	 */
	public void awaitHealthy(Duration timeout) throws InterruptedException {
		this.process.awaitHealthy(this.health, timeout, this.http);
	}

	/**
	 * The replica's own management port (plain HTTP: health, Prometheus), also when it
	 * runs behind the balancer.
	 * @return e.g. {@code http://127.0.0.1:9081}
	 */
	public URI managementUrl() {
		return this.health.resolve("/");
	}

	/**
	 * The replica's name: the module name for the first replica of a module, e.g.
	 * {@code reconciler-service}, then {@code reconciler-service-2} and so on.
	 * @return the name
	 */
	public String name() {
		return this.name;
	}

	/**
	 * The current JVM's process id.
	 * @return the pid
	 */
	public long pid() {
		return this.process.pid();
	}

	/**
	 * Whether the JVM runs.
	 * @return {@code true} while alive
	 */
	public boolean isAlive() {
		return this.process.isAlive();
	}

	/**
	 * The service's log file (appended across restarts).
	 * @return the file
	 */
	public Path log() {
		return this.process.log();
	}

	/**
	 * Kills the JVM with {@code SIGKILL} ({@code kill -9}): nothing is flushed or
	 * finished.
	 */
	public void kill() {
		this.process.kill();
	}

	/**
	 * Stops the JVM gracefully (SIGTERM; in-flight requests finish).
	 * @param grace how long before it is killed
	 */
	public void stop(Duration grace) {
		this.process.stop(grace);
	}

	/**
	 * Starts the service again with the same jar, environment, JVM options and arguments,
	 * and waits until it is healthy. A running JVM is stopped first.
	 * @param timeout how long to wait for health
	 * @throws InterruptedException when interrupted
	 */
	public void restart(Duration timeout) throws InterruptedException {
		if (this.process != null && this.process.isAlive()) {
			this.process.stop(Duration.ofSeconds(30));
		}
		launch();
		awaitHealthy(timeout);
	}

}
