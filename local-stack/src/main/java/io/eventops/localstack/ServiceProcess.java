package io.eventops.localstack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One service of the suite running as its own JVM, as in production: started from its
 * executable jar with its settings in the environment, stopped with SIGTERM so that
 * Spring Boot's graceful shutdown lets in-flight requests finish.
 */
final class ServiceProcess {

	private final String name;

	private final Process process;

	private final Path log;

	private ServiceProcess(String name, Process process, Path log) {
		this.name = name;
		this.process = process;
		this.log = log;
	}

	static ServiceProcess start(String name, Path jar, Map<String, String> environment, List<String> jvmOptions,
			List<String> args, Path logDir) throws IOException {
		if (!Files.isRegularFile(jar)) {
			throw new IllegalStateException(
					"Missing " + jar + ": build the suite first (./mvnw -DskipTests package), or use ./eventops-local");
		}
		Files.createDirectories(logDir);
		Path log = logDir.resolve(name + ".log");
		List<String> command = new ArrayList<>();
		command.add(ProcessHandle.current().info().command().orElse("java"));
		command.add("-XX:TieredStopAtLevel=1");
		command.add("-Xss512k");
		// Three service JVMs, PostgreSQL and Redis share a few cores here: the serial
		// collector has no concurrent GC threads and cheaper write barriers than G1
		// (measured: drills/MEASUREMENTS.md, third round). A container with 1 GiB, as in
		// k8s/, gets it anyway.
		command.add("-XX:+UseSerialGC");
		command.addAll(jvmOptions);
		command.add("-jar");
		command.add(jar.toString());
		command.addAll(args);
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
		builder.environment().putAll(environment);
		return new ServiceProcess(name, builder.start(), log);
	}

	/**
	 * Waits until the health endpoint answers 200.
	 * @param health the health URL
	 * @param timeout how long to wait
	 * @param client the client to ask with
	 */
	void awaitHealthy(URI health, Duration timeout, HttpClient client) throws InterruptedException {
		Instant deadline = Instant.now().plus(timeout);
		while (Instant.now().isBefore(deadline)) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException(
						this.name + " exited with " + this.process.exitValue() + "; see " + this.log);
			}
			try {
				HttpResponse<Void> response = client.send(
						HttpRequest.newBuilder(health).timeout(Duration.ofSeconds(2)).build(),
						HttpResponse.BodyHandlers.discarding());
				if (response.statusCode() == 200) {
					return;
				}
			}
			catch (IOException ex) {
				// not listening yet
			}
			TimeUnit.MILLISECONDS.sleep(500);
		}
		throw new IllegalStateException(this.name + " did not become healthy within " + timeout + "; see " + this.log);
	}

	void stop(Duration grace) {
		this.process.destroy();
		try {
			if (!this.process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
				this.process.destroyForcibly();
			}
		}
		catch (InterruptedException ex) {
			this.process.destroyForcibly();
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Kills the JVM without warning ({@code SIGKILL}, as {@code kill -9}) and waits for
	 * it to be gone.
	 */
	void kill() {
		this.process.destroyForcibly();
		try {
			this.process.waitFor(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	boolean isAlive() {
		return this.process.isAlive();
	}

	long pid() {
		return this.process.pid();
	}

	String name() {
		return this.name;
	}

	Path log() {
		return this.log;
	}

}
