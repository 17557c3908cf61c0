package io.eventops.localstack;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

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
 * @param listen the IPv4 address the edge listens on ({@code --listen}; the HAProxy
 * frontend of the edge when it runs several replicas), or {@code null}: every port the
 * stack opens binds 127.0.0.1
 * @param expose management ports that listen on {@code listen} too ({@code --expose});
 * nothing else may: the reconciler's and the orchestrator's API take passwords over plain
 * HTTP, PostgreSQL takes none at all
 * @param consolePort the help-desk console's port (#41), always on 127.0.0.1: its page
 * takes the ops and admin passwords over plain HTTP; 0 runs no console
 * @param consoleManagementPort the console's management port (health, Prometheus)
 */
public record SuiteOptions(Path home, Path dataDir, int edgePort, int edgeManagementPort, int reconPort, int printPort,
		int reconManagementPort, int printManagementPort, int postgresPort, int redisPort, List<Integer> printerPorts,
		Duration labelTime, Map<String, List<String>> jvmOptions, Map<String, List<String>> serviceArgs,
		Map<String, Integer> replicas, boolean logLabels, boolean redisCluster, String listen, Set<Integer> expose,
		int consolePort, int consoleManagementPort) {

	/** Where every port of the stack listens unless {@code --listen} moves it. */
	public static final String LOOPBACK = "127.0.0.1";

	/** The reconciler's module name. */
	public static final String RECONCILER = "reconciler-service";

	/** The print orchestrator's module name. */
	public static final String ORCHESTRATOR = "print-orchestrator";

	/** The edge's module name. */
	public static final String EDGE = "kiosk-sync-service";

	/** The help-desk console's module name (#41). */
	public static final String CONSOLE = "ops-console";

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
		expose = Set.copyOf(expose);
		if (listen != null && !(parsesAsIpv4(listen))) {
			throw new IllegalArgumentException(
					"--listen takes an IPv4 address, e.g. 0.0.0.0 or 192.168.1.20, got '" + listen + "'");
		}
		if (!expose.isEmpty() && listen == null) {
			throw new IllegalArgumentException("--expose " + ports(expose)
					+ " needs --listen ADDR, the address the exposed management ports listen on");
		}
		List<Integer> management = List.of(edgeManagementPort, reconManagementPort, printManagementPort);
		for (int port : new TreeSet<>(expose)) {
			if (!management.contains(port)) {
				throw new IllegalArgumentException("--expose " + port + ": "
						+ whatListensOn(port, edgePort, reconPort, printPort, postgresPort, redisPort, printerPorts,
								consolePort, consoleManagementPort)
						+ "; --expose takes management ports only (" + ports(management) + ")");
			}
		}
	}

	// why a port other than a management one is not exposed
	private static String whatListensOn(int port, int edgePort, int reconPort, int printPort, int postgresPort,
			int redisPort, List<Integer> printerPorts, int consolePort, int consoleManagementPort) {
		if (port == reconPort || port == printPort) {
			return "the " + ((port == reconPort) ? "reconciler" : "print orchestrator")
					+ "'s API takes passwords over plain HTTP and stays on " + LOOPBACK;
		}
		if (port == edgePort) {
			return "the edge (TLS) listens where --listen says, without --expose";
		}
		if (port == postgresPort || port == redisPort) {
			return ((port == postgresPort) ? "PostgreSQL" : "Redis") + " takes no password and stays on " + LOOPBACK;
		}
		if (printerPorts.contains(port)) {
			return "a virtual printer stays on " + LOOPBACK;
		}
		// the console (#41) keeps the signed-in user's password in its session: never off
		// the
		// machine over plain HTTP
		if (port > 0 && port == consolePort) {
			return "the help-desk console takes passwords over plain HTTP and stays on " + LOOPBACK
					+ " (behind TLS, e.g. the admin Ingress, to reach it from elsewhere)";
		}
		if (port > 0 && port == consoleManagementPort) {
			return "the help-desk console's management port stays on " + LOOPBACK;
		}
		return "the stack opens no port " + port;
	}

	private static String ports(Collection<Integer> ports) {
		return String.join(",", new TreeSet<>(ports).stream().map(String::valueOf).toList());
	}

	// dotted-quad IPv4 only: no host name (resolved once, it could move), no IPv6
	private static boolean parsesAsIpv4(String address) {
		String[] parts = address.split("\\.", -1);
		if (parts.length != 4) {
			return false;
		}
		for (String part : parts) {
			if (!part.matches("0|[1-9][0-9]{0,2}") || Integer.parseInt(part) > 255) {
				return false;
			}
		}
		return true;
	}

	/**
	 * The ports of {@code ./eventops-local} (8443, 9443, 8081, 8082, 9081, 9082, 15432,
	 * 16379, printers 9101 and 9102, the console 8083 and 9083, 800 ms per label).
	 * @param home the repository root
	 * @param dataDir the data directory
	 * @return the options
	 */
	public static SuiteOptions defaults(Path home, Path dataDir) {
		return new SuiteOptions(home, dataDir, 8443, 9443, 8081, 8082, 9081, 9082, 15432, 16379, List.of(9101, 9102),
				Duration.ofMillis(800), Map.of(), Map.of(), Map.of(), false, false, null, Set.of(), 8083, 9083);
	}

	/**
	 * The same options on free ephemeral ports (tests and drills next to a running
	 * stack).
	 * @param printers how many virtual printers
	 * @return the options
	 */
	public SuiteOptions withFreePorts(int printers) {
		List<Integer> ports = FreePorts.loopback(8 + printers);
		// no console: the tests and drills on free ports do without one unless they ask
		// (withConsole)
		return new SuiteOptions(this.home, this.dataDir, ports.get(0), ports.get(1), ports.get(2), ports.get(3),
				ports.get(4), ports.get(5), ports.get(6), ports.get(7), ports.subList(8, ports.size()), this.labelTime,
				this.jvmOptions, this.serviceArgs, this.replicas, this.logLabels, this.redisCluster, this.listen,
				this.expose, 0, 0);
	}

	/**
	 * The same options with the help-desk console (#41), on free ports when it has none.
	 * @return the options
	 */
	public SuiteOptions withConsole() {
		if (this.consolePort > 0) {
			return this;
		}
		List<Integer> ports = FreePorts.loopback(2);
		return new SuiteOptions(this.home, this.dataDir, this.edgePort, this.edgeManagementPort, this.reconPort,
				this.printPort, this.reconManagementPort, this.printManagementPort, this.postgresPort, this.redisPort,
				this.printerPorts, this.labelTime, this.jvmOptions, this.serviceArgs, this.replicas, this.logLabels,
				this.redisCluster, this.listen, this.expose, ports.get(0), ports.get(1));
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
				this.redisCluster, this.listen, this.expose, this.consolePort, this.consoleManagementPort);
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
				this.printerPorts, this.labelTime, jvm, args, this.replicas, this.logLabels, this.redisCluster,
				this.listen, this.expose, this.consolePort, this.consoleManagementPort);
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
				this.redisCluster, this.listen, this.expose, this.consolePort, this.consoleManagementPort);
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
				this.redisCluster, this.listen, this.expose, this.consolePort, this.consoleManagementPort);
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
				cluster, this.listen, this.expose, this.consolePort, this.consoleManagementPort);
	}

	/**
	 * The same options with the edge, and the named management ports, on another address.
	 * @param address an IPv4 address, or {@code null} for 127.0.0.1 everywhere
	 * @param ports management ports that listen on {@code address} too
	 * @return the options
	 * @throws IllegalArgumentException when a port is not a management port, or the
	 * address is not an IPv4 address
	 */
	public SuiteOptions withListen(String address, Set<Integer> ports) {
		return new SuiteOptions(this.home, this.dataDir, this.edgePort, this.edgeManagementPort, this.reconPort,
				this.printPort, this.reconManagementPort, this.printManagementPort, this.postgresPort, this.redisPort,
				this.printerPorts, this.labelTime, this.jvmOptions, this.serviceArgs, this.replicas, this.logLabels,
				this.redisCluster, address, ports, this.consolePort, this.consoleManagementPort);
	}

	/**
	 * Where the edge listens: its own JVM, or the HAProxy frontend in front of its
	 * replicas.
	 * @return {@code listen}, or 127.0.0.1
	 */
	public String edgeAddress() {
		return (this.listen != null) ? this.listen : LOOPBACK;
	}

	/**
	 * Where a module's management port listens (every replica's, when it runs several).
	 * @param module the module name
	 * @return {@code listen} when the module's management port is exposed, else 127.0.0.1
	 */
	public String managementAddress(String module) {
		int port = switch (module) {
			case RECONCILER -> this.reconManagementPort;
			case ORCHESTRATOR -> this.printManagementPort;
			default -> this.edgeManagementPort;
		};
		return this.expose.contains(port) ? this.listen : LOOPBACK;
	}

	/**
	 * The address to connect to for a port bound on {@code address}: a wildcard address
	 * is reached on loopback.
	 * @param address where the port listens
	 * @return the host for a URL
	 */
	static String reach(String address) {
		return "0.0.0.0".equals(address) ? LOOPBACK : address;
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
