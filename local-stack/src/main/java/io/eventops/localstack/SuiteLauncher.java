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

/**
 * Starts the suite from code, as {@code ./eventops-local} does from the command line:
 * embedded PostgreSQL and Redis, virtual printers registered in pool {@code default}, the
 * reconciler, then the orchestrator and the edge as their own JVMs.
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
	 * @throws IOException when something cannot start
	 * @throws InterruptedException when interrupted
	 */
	public static RunningSuite start(SuiteOptions options) throws IOException, InterruptedException {
		Files.createDirectories(options.dataDir());
		Secrets secrets = Secrets.load(options.dataDir());
		Infrastructure infrastructure;
		try {
			infrastructure = Infrastructure.start(options.dataDir(), options.postgresPort(), options.redisPort());
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
				String name = (i < PRINTER_NAMES.length) ? PRINTER_NAMES[i] : "spare-" + (i + 1);
				printers.add(VirtualPrinter.start(VirtualPrinterConfig.named(name)
					.withHost("127.0.0.1")
					.withPort(options.printerPorts().get(i))
					.withLabelTime(options.labelTime())));
			}
			AdminClient admin = AdminClient.create(secrets.adminPassword(), null);
			Map<String, String> common = Map.of("EVENTOPS_DB_URL", infrastructure.jdbcUrl(), "EVENTOPS_DB_USER",
					"postgres", "EVENTOPS_DB_PASSWORD", "", "EVENTOPS_REDIS_HOST", "127.0.0.1", "EVENTOPS_REDIS_PORT",
					Integer.toString(infrastructure.redisPort()), "EVENTOPS_OPS_PASSWORD", secrets.opsPassword(),
					"EVENTOPS_ADMIN_PASSWORD", secrets.adminPassword(), "EVENTOPS_INTERNAL_TOKEN",
					secrets.internalToken());
			Path logs = options.dataDir().resolve("logs");
			ManagedService reconciler = service(options, SuiteOptions.RECONCILER, common,
					List.of("--server.port=" + options.reconPort(),
							"--management.server.port=" + options.reconManagementPort()),
					logs, suite.reconManagementUrl().resolve("/actuator/health"), admin);
			services.put(reconciler.name(), reconciler);
			reconciler.launch();
			reconciler.awaitHealthy(STARTUP);
			// the orchestrator and the edge need the reconciler's schema, not each other
			ManagedService orchestrator = service(options, SuiteOptions.ORCHESTRATOR, common,
					List.of("--server.port=" + options.printPort(),
							"--management.server.port=" + options.printManagementPort()),
					logs, suite.printManagementUrl().resolve("/actuator/health"), admin);
			ManagedService edge = service(options, SuiteOptions.EDGE, common,
					List.of("--server.port=" + options.edgePort(),
							"--management.server.port=" + options.edgeManagementPort(),
							"--eventops.edge.reconciler.base-url=" + suite.reconUrl(),
							"--eventops.edge.tls.generated-dir=" + tls),
					logs, suite.edgeManagementUrl().resolve("/actuator/health"), admin);
			services.put(orchestrator.name(), orchestrator);
			services.put(edge.name(), edge);
			orchestrator.launch();
			edge.launch();
			orchestrator.awaitHealthy(STARTUP);
			edge.awaitHealthy(STARTUP);
			registerPrinters(admin, suite.printUrl(), printers);
			return suite;
		}
		catch (IOException | InterruptedException | RuntimeException ex) {
			suite.close();
			throw ex;
		}
	}

	private static ManagedService service(SuiteOptions options, String module, Map<String, String> environment,
			List<String> required, Path logs, URI health, AdminClient admin) {
		Path jar = options.home().resolve(module).resolve("target").resolve(module + "-" + version() + "-exec.jar");
		return new ManagedService(module, jar, environment, options.jvmOptionsOf(module),
				options.argsOf(module, required), logs, health, admin.http());
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
