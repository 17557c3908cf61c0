package io.eventops.localstack;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import io.eventops.printer.virtual.VirtualPrinter;

/**
 * A suite started by {@link SuiteLauncher}: its URLs, credentials, CA file, database and
 * Redis coordinates, the virtual printers, and control of every service JVM and of
 * PostgreSQL, for drills that kill and restart parts of it.
 */
public final class RunningSuite implements AutoCloseable {

	private final SuiteOptions options;

	private final Secrets secrets;

	private final Infrastructure infrastructure;

	private final List<VirtualPrinter> printers;

	private final Map<String, ManagedService> services;

	private final Path caFile;

	private volatile Balancer balancer;

	RunningSuite(SuiteOptions options, Secrets secrets, Infrastructure infrastructure, List<VirtualPrinter> printers,
			Map<String, ManagedService> services, Path caFile) {
		this.options = options;
		this.secrets = secrets;
		this.infrastructure = infrastructure;
		this.printers = printers;
		this.services = services;
		this.caFile = caFile;
	}

	/**
	 * The edge (HTTPS).
	 * @return e.g. {@code https://localhost:8443}, or the {@code --listen} address when
	 * the edge listens on one that loopback does not reach
	 */
	public URI edgeUrl() {
		String host = SuiteOptions.reach(this.options.edgeAddress());
		return URI.create(
				"https://" + (SuiteOptions.LOOPBACK.equals(host) ? "localhost" : host) + ":" + this.options.edgePort());
	}

	/**
	 * The edge's management port (plain HTTP: health, Prometheus).
	 * @return e.g. {@code http://localhost:9443}
	 */
	public URI edgeManagementUrl() {
		return service(SuiteOptions.EDGE).managementUrl();
	}

	/**
	 * The reconciler, on loopback only.
	 * @return e.g. {@code http://127.0.0.1:8081}
	 */
	public URI reconUrl() {
		return URI.create("http://" + SuiteOptions.LOOPBACK + ":" + this.options.reconPort());
	}

	/**
	 * The reconciler's management port (plain HTTP: health, Prometheus).
	 * @return e.g. {@code http://localhost:9081}
	 */
	public URI reconManagementUrl() {
		return service(SuiteOptions.RECONCILER).managementUrl();
	}

	/**
	 * The print orchestrator's management port (plain HTTP: health, Prometheus).
	 * @return e.g. {@code http://localhost:9082}
	 */
	public URI printManagementUrl() {
		return service(SuiteOptions.ORCHESTRATOR).managementUrl();
	}

	/**
	 * The print orchestrator, on loopback only.
	 * @return e.g. {@code http://127.0.0.1:8082}
	 */
	public URI printUrl() {
		return URI.create("http://" + SuiteOptions.LOOPBACK + ":" + this.options.printPort());
	}

	/**
	 * The help-desk console (#41), on loopback only.
	 * @return e.g. {@code http://127.0.0.1:8083}, or {@code null} when the suite runs
	 * without it
	 */
	public URI consoleUrl() {
		return (this.options.consolePort() > 0)
				? URI.create("http://" + SuiteOptions.LOOPBACK + ":" + this.options.consolePort()) : null;
	}

	/**
	 * The console's management port (plain HTTP: health, Prometheus).
	 * @return e.g. {@code http://localhost:9083}
	 */
	public URI consoleManagementUrl() {
		return service(SuiteOptions.CONSOLE).managementUrl();
	}

	/**
	 * The edge's self-signed certificate, to trust as CA.
	 * @return the PEM file
	 */
	public Path caFile() {
		return this.caFile;
	}

	/**
	 * The suite's database.
	 * @return the JDBC URL (user {@code postgres}, no password)
	 */
	public String jdbcUrl() {
		return this.infrastructure.jdbcUrl();
	}

	/**
	 * The database user.
	 * @return {@code postgres}
	 */
	public String databaseUser() {
		return "postgres";
	}

	/**
	 * The Redis port on 127.0.0.1 (the first node's, for a Redis Cluster).
	 * @return the port
	 */
	public int redisPort() {
		return this.infrastructure.redisPort();
	}

	/**
	 * The Redis Cluster's nodes, when the suite runs on one
	 * ({@link SuiteOptions#redisCluster()}).
	 * @return {@code 127.0.0.1:port} of each master, empty for a single Redis
	 */
	public List<String> redisClusterNodes() {
		return this.infrastructure.redisClusterNodes();
	}

	/**
	 * The password of user {@code ops}.
	 * @return the password
	 */
	public String opsPassword() {
		return this.secrets.opsPassword();
	}

	/**
	 * The password of user {@code admin}.
	 * @return the password
	 */
	public String adminPassword() {
		return this.secrets.adminPassword();
	}

	/**
	 * The virtual printers, in registration order ({@code primary}, {@code backup}, …).
	 * @return the printers
	 */
	public List<VirtualPrinter> printers() {
		return Collections.unmodifiableList(this.printers);
	}

	/**
	 * One service JVM.
	 * @param module {@link SuiteOptions#RECONCILER}, {@link SuiteOptions#ORCHESTRATOR} or
	 * {@link SuiteOptions#EDGE}
	 * @return its control
	 */
	public ManagedService service(String module) {
		ManagedService service = this.services.get(module);
		if (service == null) {
			throw new IllegalArgumentException("No service " + module);
		}
		return service;
	}

	/**
	 * Every JVM of a module, the first one first.
	 * @param module {@link SuiteOptions#RECONCILER}, {@link SuiteOptions#ORCHESTRATOR} or
	 * {@link SuiteOptions#EDGE}
	 * @return its replicas
	 */
	public List<ManagedService> replicas(String module) {
		return this.services.values()
			.stream()
			.filter((service) -> service.name().equals(module) || service.name().startsWith(module + "-"))
			.toList();
	}

	/**
	 * Takes a replica out of the balancer's rotation, as Kubernetes takes a terminating
	 * pod out of its Service's endpoints: no new connections or requests reach it, those
	 * under way finish.
	 * @param replica one of {@link #replicas}, of a module with several
	 * @throws IOException when HAProxy refuses
	 */
	public void takeOutOfRotation(ManagedService replica) throws IOException {
		balancerOf(replica).rotation(replica.name(), false);
	}

	/**
	 * Puts a replica back into the balancer's rotation: its readiness check decides again
	 * whether it gets work.
	 * @param replica one of {@link #replicas}, of a module with several
	 * @throws IOException when HAProxy refuses
	 */
	public void putIntoRotation(ManagedService replica) throws IOException {
		balancerOf(replica).rotation(replica.name(), true);
	}

	/**
	 * A replica's status in the balancer.
	 * @param replica one of {@link #replicas}, of a module with several
	 * @return {@code UP}, {@code DOWN}, {@code DRAIN}, {@code MAINT} or a transition such
	 * as {@code DOWN 1/2}
	 * @throws IOException when HAProxy does not answer
	 */
	public String rotationStatus(ManagedService replica) throws IOException {
		return balancerOf(replica).status(replica.name());
	}

	private Balancer balancerOf(ManagedService replica) {
		if (this.balancer == null) {
			throw new IllegalStateException("No balancer: every service runs one replica");
		}
		return this.balancer;
	}

	void balancer(Balancer started) {
		this.balancer = started;
	}

	/**
	 * The data directory (logs under {@code logs/}).
	 * @return the directory
	 */
	public Path dataDir() {
		return this.options.dataDir();
	}

	/**
	 * Restarts PostgreSQL on the same port and data: every open connection breaks.
	 * @throws IOException when it does not come back
	 */
	public void restartPostgres() throws IOException {
		this.infrastructure.restartPostgres();
	}

	/**
	 * Stops the edge, the orchestrator and the reconciler gracefully (in that order),
	 * then the printers and the databases.
	 */
	@Override
	public void close() {
		List<ManagedService> reversed = new ArrayList<>(this.services.values());
		Collections.reverse(reversed);
		for (ManagedService service : reversed) {
			try {
				service.stop(Duration.ofSeconds(40));
			}
			catch (RuntimeException ex) {
				System.err.println("Stopping " + service.name() + " failed: " + ex.getMessage());
			}
		}
		if (this.balancer != null) {
			this.balancer.close();
		}
		this.printers.forEach(VirtualPrinter::close);
		try {
			this.infrastructure.close();
		}
		catch (IOException ex) {
			System.err.println("Stopping the embedded databases failed: " + ex.getMessage());
		}
	}

}
