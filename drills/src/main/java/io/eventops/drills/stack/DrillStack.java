package io.eventops.drills.stack;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.eventops.localstack.ManagedService;
import io.eventops.localstack.RunningSuite;
import io.eventops.localstack.SuiteLauncher;
import io.eventops.localstack.SuiteOptions;

/**
 * Starts a fresh suite for one drill: its own data directory, free loopback ports, and
 * optionally a JFR recording in every service JVM.
 */
public final class DrillStack {

	private static final List<String> SERVICES = List.of(SuiteOptions.RECONCILER, SuiteOptions.EDGE,
			SuiteOptions.ORCHESTRATOR);

	private DrillStack() {
	}

	/**
	 * Orchestrator settings for virtual printers that print a label in about 100 ms
	 * instead of a real printer's second or two: the confirmation is asked for every 50
	 * ms, in the same proportion (the 250 ms default leaves such printers idle most of
	 * the time).
	 * @return extra arguments by module, for {@link #start}
	 */
	public static Map<String, List<String>> fastLabels() {
		return Map.of(SuiteOptions.ORCHESTRATOR, List.of("--eventops.print.confirm-poll-interval=50ms"));
	}

	/**
	 * Starts the suite.
	 * @param home the repository root with the built service jars
	 * @param dataDir a fresh directory for PostgreSQL, TLS, secrets and logs
	 * @param labelTime time a virtual printer takes per label
	 * @param printers how many virtual printers
	 * @param jfrDir where each service writes {@code <module>.jfr}, or {@code null} for
	 * no profiling
	 * @param serviceArgs extra arguments by module
	 * @param jvmOptions extra JVM options by module, after the local stack's own
	 * @return the running suite
	 * @throws IOException when it cannot start
	 * @throws InterruptedException when interrupted
	 */
	public static RunningSuite start(Path home, Path dataDir, Duration labelTime, int printers, Path jfrDir,
			Map<String, List<String>> serviceArgs, Map<String, List<String>> jvmOptions)
			throws IOException, InterruptedException {
		return start(home, dataDir, labelTime, printers, jfrDir, serviceArgs, jvmOptions, Map.of());
	}

	/**
	 * Starts the suite with several JVMs of some services behind HAProxy.
	 * @param home the repository root with the built service jars
	 * @param dataDir a fresh directory for PostgreSQL, TLS, secrets and logs
	 * @param labelTime time a virtual printer takes per label
	 * @param printers how many virtual printers
	 * @param jfrDir where each service writes {@code <module>.jfr}, or {@code null} for
	 * no profiling
	 * @param serviceArgs extra arguments by module
	 * @param jvmOptions extra JVM options by module, after the local stack's own
	 * @param replicas JVMs by module (absent: 1)
	 * @return the running suite
	 * @throws IOException when it cannot start
	 * @throws InterruptedException when interrupted
	 */
	public static RunningSuite start(Path home, Path dataDir, Duration labelTime, int printers, Path jfrDir,
			Map<String, List<String>> serviceArgs, Map<String, List<String>> jvmOptions, Map<String, Integer> replicas)
			throws IOException, InterruptedException {
		Map<String, List<String>> jvm = new HashMap<>();
		for (String service : SERVICES) {
			List<String> options = new ArrayList<>(jvmOptions.getOrDefault(service, List.of()));
			if (jfrDir != null) {
				options.add("-XX:StartFlightRecording=filename=" + jfrFile(jfrDir, service)
						+ ",settings=profile,dumponexit=true");
			}
			jvm.put(service, options);
		}
		SuiteOptions options = SuiteOptions.defaults(home.toAbsolutePath().normalize(), dataDir.toAbsolutePath())
			.withFreePorts(printers)
			.withLabelTime(labelTime)
			.withServiceSettings(jvm, serviceArgs)
			.withReplicas(replicas);
		return SuiteLauncher.start(options);
	}

	/**
	 * Where a service's recording is written when the JVM exits.
	 * @param jfrDir the directory
	 * @param service the module
	 * @return the file
	 */
	public static Path jfrFile(Path jfrDir, String service) {
		return jfrDir.toAbsolutePath().resolve(service + ".jfr");
	}

	/**
	 * The profiled services.
	 * @return module names
	 */
	public static List<String> services() {
		return SERVICES;
	}

	/**
	 * Waits until every replica of every service with several is {@code UP} in the
	 * balancer's rotation: the suite answers once one replica of each is healthy, while
	 * HAProxy's checks may still route to a replica not yet ready (503). A suite of
	 * single replicas returns at once.
	 * @param suite the suite
	 * @param maxWait how long at most
	 * @throws IOException when HAProxy does not answer
	 * @throws InterruptedException when interrupted
	 */
	public static void awaitInRotation(RunningSuite suite, Duration maxWait) throws IOException, InterruptedException {
		long deadline = System.nanoTime() + maxWait.toNanos();
		for (String service : SERVICES) {
			List<ManagedService> replicas = suite.replicas(service);
			if (replicas.size() < 2) {
				continue;
			}
			for (ManagedService replica : replicas) {
				String status = suite.rotationStatus(replica);
				while (!"UP".equals(status)) {
					if (System.nanoTime() > deadline) {
						throw new IllegalStateException(replica.name() + " is " + status
								+ " in the balancer, not UP, after " + maxWait.toSeconds() + " s");
					}
					Thread.sleep(100);
					status = suite.rotationStatus(replica);
				}
			}
		}
	}

}
