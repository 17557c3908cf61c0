package io.eventops.localstack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;

import io.eventops.printer.virtual.VirtualPrinter;
import io.eventops.printer.virtual.VirtualPrinterConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Runs the whole suite on one machine: embedded PostgreSQL and Redis, the reconciler, the
 * print orchestrator and the edge as their own JVMs, and two virtual printers (pool
 * {@code default}). Ctrl-C stops the edge first (in-flight flushes finish), then the
 * orchestrator (a printing job is confirmed or left for reclaim), then the reconciler,
 * the printers and the databases.
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

	@Option(names = "--postgres-port", defaultValue = "15432")
	int postgresPort;

	@Option(names = "--redis-port", defaultValue = "16379")
	int redisPort;

	@Option(names = "--printer-ports", split = ",", defaultValue = "9101,9102",
			description = "TCP ports of the virtual printers 'primary' and 'backup'.")
	List<Integer> printerPorts;

	@Option(names = "--label-millis", defaultValue = "800", description = "Time a virtual printer takes per label.")
	long labelMillis;

	private final List<ServiceProcess> services = new ArrayList<>();

	private final List<VirtualPrinter> printers = new ArrayList<>();

	private Infrastructure infrastructure;

	public static void main(String[] args) {
		System.exit(new CommandLine(new LocalStack()).execute(args));
	}

	@Override
	public Integer call() throws Exception {
		if (this.reset) {
			wipe(this.dataDir);
		}
		Files.createDirectories(this.dataDir);
		Secrets secrets = Secrets.load(this.dataDir);
		Runtime.getRuntime().addShutdownHook(new Thread(this::shutdown, "local-stack-shutdown"));

		this.infrastructure = Infrastructure.start(this.dataDir, this.postgresPort, this.redisPort);
		startPrinters();
		Path logs = this.dataDir.resolve("logs");
		Path tls = this.dataDir.resolve("tls").toAbsolutePath();
		AdminClient admin = AdminClient.create(secrets.adminPassword(), null);
		Map<String, String> common = Map.of("EVENTOPS_DB_URL", this.infrastructure.jdbcUrl(), "EVENTOPS_DB_USER",
				"postgres", "EVENTOPS_DB_PASSWORD", "", "EVENTOPS_REDIS_HOST", "127.0.0.1", "EVENTOPS_REDIS_PORT",
				Integer.toString(this.infrastructure.redisPort()), "EVENTOPS_OPS_PASSWORD", secrets.opsPassword(),
				"EVENTOPS_ADMIN_PASSWORD", secrets.adminPassword(), "EVENTOPS_INTERNAL_TOKEN", secrets.internalToken());

		start("reconciler-service", common,
				List.of("--server.port=" + this.reconPort, "--management.server.port=" + this.reconManagementPort),
				logs)
			.awaitHealthy(URI.create("http://localhost:" + this.reconManagementPort + "/actuator/health"),
					Duration.ofSeconds(120), admin.http());
		start("print-orchestrator", common,
				List.of("--server.port=" + this.printPort, "--management.server.port=" + this.printManagementPort),
				logs)
			.awaitHealthy(URI.create("http://localhost:" + this.printManagementPort + "/actuator/health"),
					Duration.ofSeconds(120), admin.http());
		registerPrinters(admin);
		start("kiosk-sync-service", common,
				List.of("--server.port=" + this.edgePort, "--management.server.port=" + this.edgeManagementPort,
						"--eventops.edge.reconciler.base-url=" + recon(""), "--eventops.edge.tls.generated-dir=" + tls),
				logs)
			.awaitHealthy(URI.create("http://localhost:" + this.edgeManagementPort + "/actuator/health"),
					Duration.ofSeconds(120), admin.http());
		Path certificate = findCertificate(tls);
		AdminClient edgeAdmin = AdminClient.create(secrets.adminPassword(), certificate);
		String demoKiosk = this.demo ? new Demo(edgeAdmin, this.dataDir).run(recon(""), edge("")) : null;
		banner(secrets, certificate, logs, demoKiosk);

		CountDownLatch forever = new CountDownLatch(1);
		forever.await();
		return 0;
	}

	private ServiceProcess start(String module, Map<String, String> environment, List<String> args, Path logs)
			throws IOException {
		Path jar = this.home.resolve(module).resolve("target").resolve(module + "-" + version() + "-exec.jar");
		ServiceProcess process = ServiceProcess.start(module, jar, environment, args, logs);
		this.services.add(process);
		System.out.println("started " + module + " (log: " + process.log() + ")");
		return process;
	}

	private void startPrinters() throws IOException {
		String[] names = { "primary", "backup" };
		for (int i = 0; i < names.length && i < this.printerPorts.size(); i++) {
			this.printers.add(VirtualPrinter.start(VirtualPrinterConfig.named(names[i])
				.withHost("127.0.0.1")
				.withPort(this.printerPorts.get(i))
				.withLabelTime(Duration.ofMillis(this.labelMillis))
				.withLogLabels(true)));
		}
	}

	private void registerPrinters(AdminClient admin) throws IOException, InterruptedException {
		for (VirtualPrinter printer : this.printers) {
			HttpResponse<String> response = admin.postJson(URI.create(print("/admin/v1/printers")),
					"{\"printerId\":\"" + printer.name() + "\",\"host\":\"127.0.0.1\",\"port\":" + printer.port()
							+ ",\"pool\":\"default\"}");
			if (response.statusCode() != 201 && response.statusCode() != 409) {
				throw new IllegalStateException("Registering printer " + printer.name() + " failed: "
						+ response.statusCode() + " " + response.body());
			}
		}
	}

	private void banner(Secrets secrets, Path certificate, Path logs, String demoKiosk) {
		StringBuilder out = new StringBuilder();
		out.append("\n================ Event Ops Suite is running ================\n");
		out.append("EDGE   ").append(edge("")).append("   (kiosks; TLS, self-signed)\n");
		out.append("RECON  ")
			.append(recon(""))
			.append("   (management: http://localhost:")
			.append(this.reconManagementPort)
			.append(")\n");
		out.append("PRINT  ")
			.append(print(""))
			.append("   (management: http://localhost:")
			.append(this.printManagementPort)
			.append(")\n");
		out.append("CA / certificate to trust: ").append(certificate).append('\n');
		out.append("users: ops / ").append(secrets.opsPassword()).append("   admin / ").append(secrets.adminPassword());
		out.append("   (kept in ").append(secrets.file()).append(")\n");
		out.append("virtual printers: ");
		this.printers.forEach((p) -> out.append(p.name()).append(" 127.0.0.1:").append(p.port()).append("  "));
		out.append("\nPostgreSQL: ")
			.append(this.infrastructure.jdbcUrl())
			.append(" (user postgres)   Redis: 127.0.0.1:")
			.append(this.infrastructure.redisPort());
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
		List<ServiceProcess> reversed = new ArrayList<>(this.services);
		java.util.Collections.reverse(reversed);
		for (ServiceProcess service : reversed) {
			System.out.println("stopping " + service.name());
			service.stop(Duration.ofSeconds(40));
		}
		this.printers.forEach(VirtualPrinter::close);
		if (this.infrastructure != null) {
			try {
				this.infrastructure.close();
			}
			catch (IOException ex) {
				System.err.println("Stopping the embedded databases failed: " + ex.getMessage());
			}
		}
	}

	private static Path findCertificate(Path tls) throws IOException {
		if (!Files.isDirectory(tls)) {
			return null;
		}
		try (Stream<Path> files = Files.list(tls)) {
			return files.filter((file) -> file.toString().endsWith(".pem") || file.toString().endsWith(".crt"))
				.filter((file) -> !file.getFileName().toString().contains("key"))
				.findFirst()
				.orElse(null);
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

	private static String version() {
		String version = LocalStack.class.getPackage().getImplementationVersion();
		return (version != null) ? version : "0.1.0-SNAPSHOT";
	}

	private String edge(String path) {
		return "https://localhost:" + this.edgePort + path;
	}

	private String recon(String path) {
		return "http://localhost:" + this.reconPort + path;
	}

	private String print(String path) {
		return "http://localhost:" + this.printPort + path;
	}

}
