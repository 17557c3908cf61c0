package io.eventops.localstack;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.eventops.rediscluster.FreePorts;

/**
 * How to start the suite from code: where the built service jars and the data live, the
 * ports, the virtual printers, and extra JVM options and arguments per service.
 *
 * @param home the repository root (where
 * {@code <module>/target/<module>-<version>-exec.jar} are built)
 * @param dataDir PostgreSQL data, TLS material, secrets and logs
 * @param edgePort the edge's HTTPS port
 * @param edgeManagementPort the edge's plain HTTP management port
 * @param reconPort the reconciler's port
 * @param printPort the print orchestrator's port
 * @param reconManagementPort the reconciler's management port (health, Prometheus)
 * @param printManagementPort the orchestrator's management port (health, Prometheus)
 * @param postgresPort the embedded PostgreSQL's port
 * @param redisPort the embedded Redis's port
 * @param printerPorts TCP ports of the virtual printers, named {@code primary},
 * {@code backup}, {@code spare-3}… in that order (pool {@code default})
 * @param labelTime time a virtual printer takes per label
 * @param jvmOptions extra JVM options by module name (e.g.
 * {@code -XX:StartFlightRecording…})
 * @param serviceArgs extra application arguments by module name (e.g.
 * {@code --eventops.edge.rate-limit.enabled=false})
 * @param replicas JVMs per module (1 when absent); a module with more than one runs
 * behind HAProxy on its usual port, as behind a Kubernetes Service
 * @param logLabels whether the virtual printers log every label they print
 * @param redisCluster whether Redis is a local three-master Redis Cluster (the first node
 * on {@code redisPort}) instead of one embedded server
 */
public record SuiteOptions(Path home, Path dataDir, int edgePort, int edgeManagementPort, int reconPort, int printPort,
		int reconManagementPort, int printManagementPort, int postgresPort, int redisPort, List<Integer> printerPorts,
		Duration labelTime, Map<String, List<String>> jvmOptions, Map<String, List<String>> serviceArgs,
		Map<String, Integer> replicas, boolean logLabels, boolean redisCluster) {

	/** The reconciler's module name. */
	public static final String RECONCILER = "reconciler-service";

	/** The print orchestrator's module name. */
	public static final String ORCHESTRATOR = "print-orchestrator";

	/** The edge's module name. */
	public static final String EDGE = "kiosk-sync-service";

	public SuiteOptions {
		printerPorts = List.copyOf(printerPorts);
		jvmOptions = Map.copyOf(jvmOptions);
		serviceArgs = Map.copyOf(serviceArgs);
		replicas = Map.copyOf(replicas);
		replicas.forEach((module, count) -> {
			if (!List.of(RECONCILER, ORCHESTRATOR, EDGE).contains(module) || count < 1 || count > 9) {
				throw new IllegalArgumentException("replicas: expected " + RECONCILER + ", " + ORCHESTRATOR + " or "
						+ EDGE + " = 1..9, got " + module + "=" + count);
			}
		});
	}

	/**
	 * The ports of {@code ./eventops-local} (8443, 9443, 8081, 8082, 9081, 9082, 15432,
	 * 16379, printers 9101 and 9102, 800 ms per label).
	 * @param home the repository root
	 * @param dataDir the data directory
	 * @return the options
	 */
	public static SuiteOptions defaults(Path home, Path dataDir) {
		return new SuiteOptions(home, dataDir, 8443, 9443, 8081, 8082, 9081, 9082, 15432, 16379, List.of(9101, 9102),
				Duration.ofMillis(800), Map.of(), Map.of(), Map.of(), false, false);
	}

	/**
	 * The same options on free ephemeral ports (tests and drills next to a running
	 * stack).
	 * @param printers how many virtual printers
	 * @return the options
	 */
	public SuiteOptions withFreePorts(int printers) {
		List<Integer> ports = FreePorts.loopback(8 + printers);
		return new SuiteOptions(this.home, this.dataDir, ports.get(0), ports.get(1), ports.get(2), ports.get(3),
				ports.get(4), ports.get(5), ports.get(6), ports.get(7), ports.subList(8, ports.size()), this.labelTime,
				this.jvmOptions, this.serviceArgs, this.replicas, this.logLabels, this.redisCluster);
	}

	/**
	 * The same options with another label time.
	 * @param time time per label
	 * @return the options
	 */
	public SuiteOptions withLabelTime(Duration time) {
		return new SuiteOptions(this.home, this.dataDir, this.edgePort, this.edgeManagementPort, this.reconPort,
				this.printPort, this.reconManagementPort, this.printManagementPort, this.postgresPort, this.redisPort,
				this.printerPorts, time, this.jvmOptions, this.serviceArgs, this.replicas, this.logLabels,
				this.redisCluster);
	}

	/**
	 * The same options with extra JVM options and arguments per module.
	 * @param jvm JVM options by module
	 * @param args application arguments by module
	 * @return the options
	 */
	public SuiteOptions withServiceSettings(Map<String, List<String>> jvm, Map<String, List<String>> args) {
		return new SuiteOptions(this.home, this.dataDir, this.edgePort, this.edgeManagementPort, this.reconPort,
				this.printPort, this.reconManagementPort, this.printManagementPort, this.postgresPort, this.redisPort,
				this.printerPorts, this.labelTime, jvm, args, this.replicas, this.logLabels, this.redisCluster);
	}

	/**
	 * The same options with another number of JVMs per module.
	 * @param counts JVMs by module name (absent: 1)
	 * @return the options
	 */
	public SuiteOptions withReplicas(Map<String, Integer> counts) {
		return new SuiteOptions(this.home, this.dataDir, this.edgePort, this.edgeManagementPort, this.reconPort,
				this.printPort, this.reconManagementPort, this.printManagementPort, this.postgresPort, this.redisPort,
				this.printerPorts, this.labelTime, this.jvmOptions, this.serviceArgs, counts, this.logLabels,
				this.redisCluster);
	}

	/**
	 * The same options with the virtual printers logging every label or not.
	 * @param log whether to log labels
	 * @return the options
	 */
	public SuiteOptions withLogLabels(boolean log) {
		return new SuiteOptions(this.home, this.dataDir, this.edgePort, this.edgeManagementPort, this.reconPort,
				this.printPort, this.reconManagementPort, this.printManagementPort, this.postgresPort, this.redisPort,
				this.printerPorts, this.labelTime, this.jvmOptions, this.serviceArgs, this.replicas, log,
				this.redisCluster);
	}

	/**
	 * The same options with a local Redis Cluster or one embedded Redis.
	 * @param cluster whether Redis is a three-master Redis Cluster
	 * @return the options
	 */
	public SuiteOptions withRedisCluster(boolean cluster) {
		return new SuiteOptions(this.home, this.dataDir, this.edgePort, this.edgeManagementPort, this.reconPort,
				this.printPort, this.reconManagementPort, this.printManagementPort, this.postgresPort, this.redisPort,
				this.printerPorts, this.labelTime, this.jvmOptions, this.serviceArgs, this.replicas, this.logLabels,
				cluster);
	}

	/**
	 * How many JVMs of a module run.
	 * @param module the module name
	 * @return at least 1
	 */
	public int replicasOf(String module) {
		return this.replicas.getOrDefault(module, 1);
	}

	List<String> jvmOptionsOf(String module) {
		return this.jvmOptions.getOrDefault(module, List.of());
	}

	List<String> argsOf(String module, List<String> required) {
		List<String> all = new ArrayList<>(required);
		all.addAll(this.serviceArgs.getOrDefault(module, List.of()));
		return all;
	}

}
