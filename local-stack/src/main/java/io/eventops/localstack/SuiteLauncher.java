package io.eventops.localstack;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.eventops.printer.virtual.VirtualPrinter;
import io.eventops.printer.virtual.VirtualPrinterConfig;
import io.eventops.rediscluster.FreePorts;

/**
 * Starts the suite from code, as {@code ./eventops-local} does from the command line:
 * embedded PostgreSQL and Redis (or a local Redis Cluster), virtual printers registered
 * in pool {@code default}, the reconciler, then the orchestrator and the edge as their
 * own JVMs, each as one JVM or as several behind HAProxy
 * ({@link SuiteOptions#replicas()}), and the help-desk console where the options give it
 * a port.
 */
public final class SuiteLauncher {

	private static final Duration STARTUP = Duration.ofSeconds(180);

	private static final String[] PRINTER_NAMES = { "primary", "backup" };

	private SuiteLauncher() {
	}

	/**
	 * Starts everything and waits until every service is healthy.
	 * @param options where and how
	 * @return the running suite; close it to stop everything
	 * @throws IOException when something cannot start (one that names its cause in one
	 * line when an earlier stack still runs on the data directory)
	 * @throws InterruptedException when interrupted
	 */
	public static RunningSuite start(SuiteOptions options) throws IOException, InterruptedException {
		DataDirectoryInUse.check(options.dataDir());
		Files.createDirectories(options.dataDir());
		Secrets secrets = Secrets.load(options.dataDir());
		Infrastructure infrastructure;
		try {
			infrastructure = Infrastructure.start(options.dataDir(), options.postgresPort(), options.redisPort(),
					options.redisCluster());
		}
		catch (SQLException ex) {
			throw new IOException("PostgreSQL did not start: " + ex.getMessage(), ex);
		}
		List<VirtualPrinter> printers = new ArrayList<>();
		Map<String, ManagedService> services = new LinkedHashMap<>();
		Path tls = options.dataDir().resolve("tls").toAbsolutePath();
		RunningSuite suite = new RunningSuite(options, secrets, infrastructure, printers, services,
				tls.resolve("edge-cert.pem"));
		try {
			for (int i = 0; i < options.printerPorts().size(); i++) {
				printers.add(printer(options, i));
			}
			AdminClient admin = AdminClient.create(secrets.adminPassword(), null);
			Map<String, String> common = new LinkedHashMap<>(Map.of("EVENTOPS_DB_URL", infrastructure.jdbcUrl(),
					"EVENTOPS_DB_USER", "postgres", "EVENTOPS_DB_PASSWORD", "", "EVENTOPS_OPS_PASSWORD",
					secrets.opsPassword(), "EVENTOPS_ADMIN_PASSWORD", secrets.adminPassword(),
					"EVENTOPS_INTERNAL_TOKEN", secrets.internalToken()));
			common.putAll(infrastructure.redisEnvironment());
			Path logs = options.dataDir().resolve("logs");
			Map<String, List<Balancer.Replica>> plan = plan(options);
			List<Balancer.Frontend> frontends = frontends(options, plan);
			if (!frontends.isEmpty()) {
				// before the services: the edge reaches the reconcilers through it, as it
				// would reach a Kubernetes Service
				suite.balancer(Balancer.start(options.dataDir().resolve("balancer"), frontends, logs));
			}
			List<String> edgeArgs = new ArrayList<>(List.of("--eventops.edge.reconciler.base-url=" + suite.reconUrl(),
					"--eventops.edge.print-orchestrator.base-url=" + suite.printUrl(),
					"--eventops.edge.tls.generated-dir=" + tls));
			if (!SuiteOptions.LOOPBACK.equals(SuiteOptions.reach(options.edgeAddress()))) {
				// kiosks reach the edge at this address: the generated certificate names
				// it
				// (a certificate generated before is kept)
				edgeArgs.add("--eventops.edge.tls.subject-alt-names=ip:" + options.edgeAddress());
			}
			launch(options, SuiteOptions.RECONCILER, plan.get(SuiteOptions.RECONCILER), List.of(), common, logs, admin,
					services);
			// the orchestrator and the edge need the reconciler's schema, not each other
			// the virtual printers listen on loopback, outside the orchestrator's default
			// printer networks (private ranges, port 9100)
			List<String> printArgs = List.of("--eventops.print.printer-network.allowed-cidrs=127.0.0.0/8",
					"--eventops.print.printer-network.allowed-ports=1024-65535");
			launch(options, SuiteOptions.ORCHESTRATOR, plan.get(SuiteOptions.ORCHESTRATOR), printArgs, common, logs,
					admin, services);
			launch(options, SuiteOptions.EDGE, plan.get(SuiteOptions.EDGE), edgeArgs, common, logs, admin, services);
			if (options.consolePort() > 0) {
				// the help-desk console (#41) calls the three services with the user's
				// own
				// account; it trusts the edge's generated certificate
				List<String> consoleArgs = List.of("--eventops.console.reconciler-url=" + suite.reconUrl(),
						"--eventops.console.print-orchestrator-url=" + suite.printUrl(),
						"--eventops.console.edge-url=" + suite.edgeUrl(),
						"--eventops.console.edge-ca-file=" + suite.caFile());
				launch(options, SuiteOptions.CONSOLE, List.of(new Balancer.Replica(SuiteOptions.CONSOLE,
						options.consolePort(), SuiteOptions.LOOPBACK, options.consoleManagementPort())), consoleArgs,
						common, logs, admin, services);
			}
			registerPrinters(admin, suite.printUrl(), printers);
			return suite;
		}
		catch (IOException | InterruptedException | RuntimeException ex) {
			suite.close();
			throw ex;
		}
	}

	/**
	 * Starts one virtual printer, on 127.0.0.1.
	 * @param options the options
	 * @param index which of {@link SuiteOptions#printerPorts()}
	 * @return the running printer
	 * @throws IOException when it cannot listen
	 */
	static VirtualPrinter printer(SuiteOptions options, int index) throws IOException {
		String name = (index < PRINTER_NAMES.length) ? PRINTER_NAMES[index] : "spare-" + (index + 1);
		return VirtualPrinter.start(VirtualPrinterConfig.named(name)
			.withHost(SuiteOptions.LOOPBACK)
			.withPort(options.printerPorts().get(index))
			.withLabelTime(options.labelTime())
			.withLogLabels(options.logLabels()));
	}

	/**
	 * Which JVMs run with which ports: per module its replicas, the first one carrying
	 * the module's name.
	 * @param options the options
	 * @return replicas by module, in start order
	 */
	static Map<String, List<Balancer.Replica>> plan(SuiteOptions options) {
		Map<String, List<Balancer.Replica>> plan = new LinkedHashMap<>();
		plan.put(SuiteOptions.RECONCILER,
				replicas(options, SuiteOptions.RECONCILER, options.reconPort(), options.reconManagementPort()));
		plan.put(SuiteOptions.ORCHESTRATOR,
				replicas(options, SuiteOptions.ORCHESTRATOR, options.printPort(), options.printManagementPort()));
		plan.put(SuiteOptions.EDGE,
				replicas(options, SuiteOptions.EDGE, options.edgePort(), options.edgeManagementPort()));
		return plan;
	}

	/**
	 * The HAProxy frontends in front of the modules that run several replicas: on
	 * 127.0.0.1, the edge's on {@link SuiteOptions#edgeAddress()}.
	 * @param options the options
	 * @param plan the replicas
	 * @return the frontends, empty when every module runs one JVM
	 */
	static List<Balancer.Frontend> frontends(SuiteOptions options, Map<String, List<Balancer.Replica>> plan) {
		List<Balancer.Frontend> frontends = new ArrayList<>();
		plan.forEach((module, replicas) -> {
			if (replicas.size() > 1) {
				boolean edge = module.equals(SuiteOptions.EDGE);
				int port = switch (module) {
					case SuiteOptions.RECONCILER -> options.reconPort();
					case SuiteOptions.ORCHESTRATOR -> options.printPort();
					default -> options.edgePort();
				};
				frontends.add(new Balancer.Frontend(module, edge ? options.edgeAddress() : SuiteOptions.LOOPBACK, port,
						edge, replicas));
			}
		});
		return frontends;
	}

	/**
	 * Where one JVM listens: its API on 127.0.0.1 (a single edge's on
	 * {@link SuiteOptions#edgeAddress()}), its management port where the replica says.
	 * Spring Boot's default would be every interface for both.
	 * @param options the options
	 * @param module the module
	 * @param replica the JVM
	 * @param alone whether it is the module's only JVM (no balancer in front)
	 * @return its server arguments
	 */
	static List<String> listening(SuiteOptions options, String module, Balancer.Replica replica, boolean alone) {
		String api = (alone && module.equals(SuiteOptions.EDGE)) ? options.edgeAddress() : SuiteOptions.LOOPBACK;
		return List.of("--server.address=" + api, "--server.port=" + replica.apiPort(),
				"--management.server.address=" + replica.managementAddress(),
				"--management.server.port=" + replica.managementPort());
	}

	/**
	 * The console's one JVM: both its ports on 127.0.0.1 whatever {@code --listen} says
	 * (its login form takes passwords over plain HTTP).
	 * @param options the options
	 * @return its ports
	 */
	static Balancer.Replica consoleReplica(SuiteOptions options) {
		return new Balancer.Replica(SuiteOptions.CONSOLE, options.consolePort(), SuiteOptions.LOOPBACK,
				options.consoleManagementPort());
	}

	// the first replica carries the module's name, the others -2, -3…; a single replica
	// listens on the module's usual ports, several on free ones behind the balancer
	private static List<Balancer.Replica> replicas(SuiteOptions options, String module, int port, int managementPort) {
		int count = options.replicasOf(module);
		String management = options.managementAddress(module);
		if (count == 1) {
			return List.of(new Balancer.Replica(module, port, management, managementPort));
		}
		List<Integer> ports = FreePorts.loopback(2 * count);
		List<Balancer.Replica> replicas = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			replicas.add(new Balancer.Replica((i == 0) ? module : module + "-" + (i + 1), ports.get(2 * i), management,
					ports.get(2 * i + 1)));
		}
		return replicas;
	}

	// the first replica alone (it migrates the schema; the edge's first one generates the
	// certificate the others reuse), then the others together
	private static void launch(SuiteOptions options, String module, List<Balancer.Replica> replicas,
			List<String> extraArgs, Map<String, String> environment, Path logs, AdminClient admin,
			Map<String, ManagedService> services) throws InterruptedException {
		Path jar = options.home().resolve(module).resolve("target").resolve(module + "-" + version() + "-exec.jar");
		List<ManagedService> started = new ArrayList<>();
		for (Balancer.Replica replica : replicas) {
			List<String> required = new ArrayList<>(listening(options, module, replica, replicas.size() == 1));
			required.addAll(extraArgs);
			URI management = URI
				.create("http://" + SuiteOptions.reach(replica.managementAddress()) + ":" + replica.managementPort());
			ManagedService service = new ManagedService(replica.name(), jar, environment, options.jvmOptionsOf(module),
					options.argsOf(module, required), logs, management.resolve("/actuator/health"), admin.http());
			services.put(replica.name(), service);
			service.launch();
			if (started.isEmpty()) {
				service.awaitHealthy(STARTUP);
			}
			started.add(service);
		}
		for (ManagedService service : started) {
			service.awaitHealthy(STARTUP);
		}
	}

	private static void registerPrinters(AdminClient admin, URI print, List<VirtualPrinter> printers)
			throws IOException, InterruptedException {
		for (VirtualPrinter printer : printers) {
			var response = admin.postJson(print.resolve("/admin/v1/printers"), "{\"printerId\":\"" + printer.name()
					+ "\",\"host\":\"127.0.0.1\",\"port\":" + printer.port() + ",\"pool\":\"default\"}");
			if (response.statusCode() != 201 && response.statusCode() != 409) {
				throw new IllegalStateException("Registering printer " + printer.name() + " failed: "
						+ response.statusCode() + " " + response.body());
			}
		}
	}

	private static String version() {
		String version = SuiteLauncher.class.getPackage().getImplementationVersion();
		return (version != null) ? version : "0.1.0-SNAPSHOT";
	}

}
