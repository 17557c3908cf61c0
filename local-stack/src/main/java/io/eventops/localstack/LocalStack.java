package io.eventops.localstack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Runs the whole suite on one machine: embedded PostgreSQL and Redis, the reconciler, the
 * print orchestrator and the edge as their own JVMs (several of each behind HAProxy with
 * {@code --replicas}), and two virtual printers (pool {@code default}). Ctrl-C stops the
 * edge first (in-flight flushes finish), then the orchestrator (a printing job is
 * confirmed or left for reclaim), then the reconciler, the printers and the databases.
 */
@Command(name = "eventops-local", mixinStandardHelpOptions = true,
		description = "Runs the Event Ops Suite locally on embedded PostgreSQL and Redis with virtual printers.")
public final class LocalStack implements Callable<Integer> {

	@Option(names = "--home", description = "The repository root (where the service jars are built).",
			defaultValue = ".")
	Path home;

	@Option(names = "--data-dir", description = "Where PostgreSQL data, TLS material and logs live.",
			defaultValue = ".local-stack")
	Path dataDir;

	@Option(names = "--reset", description = "Wipe the data directory first (all check-ins are lost).")
	boolean reset;

	@Option(names = "--demo", description = "Import sample attendees and provision kiosk 'kiosk-01'.")
	boolean demo;

	@Option(names = "--edge-port", defaultValue = "8443")
	int edgePort;

	@Option(names = "--recon-port", defaultValue = "8081")
	int reconPort;

	@Option(names = "--print-port", defaultValue = "8082")
	int printPort;

	@Option(names = "--edge-management-port", defaultValue = "9443")
	int edgeManagementPort;

	@Option(names = "--recon-management-port", defaultValue = "9081")
	int reconManagementPort;

	@Option(names = "--print-management-port", defaultValue = "9082")
	int printManagementPort;

	@Option(names = "--console-port", defaultValue = "8083",
			description = "The help-desk console's port, on 127.0.0.1 (#41).")
	int consolePort;

	@Option(names = "--console-management-port", defaultValue = "9083")
	int consoleManagementPort;

	@Option(names = "--postgres-port", defaultValue = "15432")
	int postgresPort;

	@Option(names = "--redis-port", defaultValue = "16379")
	int redisPort;

	@Option(names = "--printer-ports", split = ",", defaultValue = "9101,9102",
			description = "TCP ports of the virtual printers 'primary' and 'backup'.")
	List<Integer> printerPorts;

	@Option(names = "--label-millis", defaultValue = "800", description = "Time a virtual printer takes per label.")
	long labelMillis;

	@Option(names = "--replicas", split = ",",
			description = "JVMs per service behind HAProxy, e.g. kiosk-sync-service=2,reconciler-service=2,"
					+ "print-orchestrator=2 (any subset; default 1 each).")
	Map<String, Integer> replicas = new LinkedHashMap<>();

	@Option(names = "--redis-cluster",
			description = "Run Redis as a local 3-master Redis Cluster (redis-server and redis-cli 7 on the PATH; "
					+ "the first node on --redis-port) instead of one embedded Redis.")
	boolean redisCluster;

	@Option(names = "--listen", paramLabel = "ADDR",
			description = "IPv4 address the edge (TLS) listens on, e.g. 0.0.0.0 for kiosks on the venue network; "
					+ "with several edge replicas their HAProxy frontend. Default: every port on 127.0.0.1.")
	String listen;

	@Option(names = "--expose", split = ",", paramLabel = "PORT",
			description = "Management ports (health, Prometheus; no passwords) that listen on --listen too, "
					+ "e.g. 9443,9081,9082. Nothing else may: the API ports of the reconciler, the orchestrator "
					+ "and the help-desk console take passwords over plain HTTP.")
	Set<Integer> expose = new LinkedHashSet<>();

	private volatile RunningSuite suite;

	public static void main(String[] args) {
		System.exit(new CommandLine(new LocalStack()).execute(args));
	}

	@Override
	public Integer call() throws Exception {
		SuiteOptions options;
		try {
			options = new SuiteOptions(this.home.toAbsolutePath().normalize(), this.dataDir.toAbsolutePath(),
					this.edgePort, this.edgeManagementPort, this.reconPort, this.printPort, this.reconManagementPort,
					this.printManagementPort, this.postgresPort, this.redisPort, this.printerPorts,
					Duration.ofMillis(this.labelMillis), Map.of(), Map.of(), this.replicas, true, this.redisCluster,
					this.listen, this.expose, this.consolePort, this.consoleManagementPort);
		}
		catch (IllegalArgumentException ex) {
			// one line, and nothing started or wiped
			System.err.println("eventops-local: " + ex.getMessage());
			return 2;
		}
		// before --reset wipes anything: an earlier stack that still runs on the data
		// directory is named in one line, not in PostgreSQL's stack trace
		try {
			DataDirectoryInUse.check(this.dataDir);
		}
		catch (DataDirectoryInUse ex) {
			System.err.println("eventops-local: " + ex.getMessage());
			return 1;
		}
		if (this.reset) {
			wipe(this.dataDir);
		}
		Files.createDirectories(this.dataDir);
		Runtime.getRuntime().addShutdownHook(new Thread(this::shutdown, "local-stack-shutdown"));
		this.suite = SuiteLauncher.start(options);
		Secrets secrets = Secrets.load(this.dataDir);
		Path certificate = this.suite.caFile();
		AdminClient edgeAdmin = AdminClient.create(secrets.adminPassword(), certificate);
		String demoKiosk = this.demo ? new Demo(edgeAdmin, this.dataDir).run(recon(""), edge("")) : null;
		banner(secrets, certificate, this.dataDir.resolve("logs"), demoKiosk);

		CountDownLatch forever = new CountDownLatch(1);
		forever.await();
		return 0;
	}

	private void banner(Secrets secrets, Path certificate, Path logs, String demoKiosk) {
		StringBuilder out = new StringBuilder();
		out.append("\n================ Event Ops Suite is running ================\n");
		out.append("EDGE   ").append(edge("")).append("   (kiosks; TLS, self-signed)\n");
		out.append("RECON  ")
			.append(recon(""))
			.append("   (management: ")
			.append(this.suite.reconManagementUrl())
			.append(")\n");
		out.append("PRINT  ")
			.append(print(""))
			.append("   (management: ")
			.append(this.suite.printManagementUrl())
			.append(")\n");
		out.append("EDGE management: ").append(this.suite.edgeManagementUrl()).append('\n');
		if (this.suite.consoleUrl() != null) {
			out.append("CONSOLE ")
				.append(this.suite.consoleUrl())
				.append("/   (help desk: sign in as ops or admin; management: ")
				.append(this.suite.consoleManagementUrl())
				.append(")\n");
		}
		out.append("listening beyond 127.0.0.1: ")
			.append((this.listen == null) ? "nothing (--listen ADDR moves the edge, --expose management ports)"
					: "the edge on " + this.listen + (this.expose.isEmpty() ? "" : ", management ports " + this.expose))
			.append('\n');
		for (String module : List.of(SuiteOptions.EDGE, SuiteOptions.RECONCILER, SuiteOptions.ORCHESTRATOR)) {
			List<ManagedService> running = this.suite.replicas(module);
			if (running.size() > 1) {
				out.append(module).append(" behind HAProxy:");
				running.forEach((replica) -> out.append(' ')
					.append(replica.name())
					.append(" (management ")
					.append(replica.managementUrl())
					.append(')'));
				out.append('\n');
			}
		}
		out.append("CA / certificate to trust: ").append(certificate).append('\n');
		out.append("users: ops / ").append(secrets.opsPassword()).append("   admin / ").append(secrets.adminPassword());
		out.append("   (kept in ").append(secrets.file()).append(")\n");
		out.append("virtual printers: ");
		this.suite.printers().forEach((p) -> out.append(p.name()).append(" 127.0.0.1:").append(p.port()).append("  "));
		out.append("\nPostgreSQL: ")
			.append(this.suite.jdbcUrl())
			.append(" (user postgres)   Redis: ")
			.append(this.suite.redisClusterNodes().isEmpty() ? "127.0.0.1:" + this.suite.redisPort()
					: "Redis Cluster " + String.join(",", this.suite.redisClusterNodes()));
		out.append("\nlogs: ").append(logs).append('\n');
		out.append("\nProvision a kiosk:\n  curl --cacert ")
			.append(certificate)
			.append(" -u admin:")
			.append(secrets.adminPassword())
			.append(" -H 'Content-Type: application/json' -d '{\"kioskId\":\"kiosk-02\",\"eventId\":\"demo-event\",")
			.append("\"label\":\"Hall A\",\"printerPool\":\"default\"}' ")
			.append(edge("/admin/v1/kiosks"))
			.append('\n');
		if (demoKiosk != null) {
			out.append(demoKiosk);
		}
		out.append("Ctrl-C stops everything gracefully; data stays in ").append(this.dataDir.toAbsolutePath());
		out.append(" (--reset wipes it).\n============================================================\n");
		System.out.println(out);
	}

	private void shutdown() {
		RunningSuite running = this.suite;
		if (running != null) {
			System.out.println("stopping the edge, the orchestrator, the reconciler, the printers and the databases");
			running.close();
		}
	}

	private static void wipe(Path dir) throws IOException {
		if (!Files.exists(dir)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(dir)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(path);
			}
		}
	}

	private String edge(String path) {
		return this.suite.edgeUrl() + path;
	}

	private String recon(String path) {
		return this.suite.reconUrl() + path;
	}

	private String print(String path) {
		return this.suite.printUrl() + path;
	}

}
