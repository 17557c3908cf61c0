package io.eventops.edge;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import io.eventops.reconciler.ReconcilerApplication;
import io.eventops.testsupport.CommonTestData;
import io.eventops.testsupport.RedisServerEndpoint;
import io.eventops.testsupport.TestDatabase;
import io.eventops.testsupport.TestInfrastructure;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.test.context.TestContextManager;

/**
 * The real services every edge test talks to, once per JVM: a reconciler on a random port
 * (stoppable and restartable on the same port), a fresh PostgreSQL database shared by
 * both services (different schemas), a fresh Redis namespace, and the directory where the
 * edge generates its TLS certificate.
 */
public final class EdgeStack {

	public static final String INTERNAL_TOKEN = CommonTestData.INTERNAL_TOKEN;

	public static final String OPS_PASSWORD = CommonTestData.OPS_PASSWORD;

	public static final String ADMIN_PASSWORD = CommonTestData.ADMIN_PASSWORD;

	/**
	 * Where test edges generate their certificate: fixed, because the TLS setup runs
	 * while the environment is prepared, before a context initializer could name a fresh
	 * directory; reusing it across runs exercises the reuse path, and the module's two
	 * test JVMs starting their edges on it at once the generation's lock (one generates,
	 * the other serves that pair).
	 */
	public static final String TLS_DIRECTORY = "target/edge-test-tls";

	private static TestDatabase database;

	private static Path tlsDirectory;

	private static ConfigurableApplicationContext reconciler;

	private static int reconcilerPort;

	private EdgeStack() {
	}

	/** Starts the stack on first use. */
	public static synchronized void start() {
		if (database == null) {
			database = TestInfrastructure.freshDatabase();
			tlsDirectory = Path.of(TLS_DIRECTORY).toAbsolutePath();
			startReconciler(0);
		}
	}

	public static synchronized void stopReconciler() {
		reconciler.close();
	}

	/** Starts the reconciler again on the port it had, as a restarted process would. */
	public static synchronized void restartReconciler() {
		startReconciler(reconcilerPort);
	}

	private static void startReconciler(int port) {
		Map<String, Object> properties = new LinkedHashMap<>();
		// both services share one test classpath, where the edge's application.yml
		// shadows the reconciler's: the reconciler gets its settings spelled out here
		properties.put("spring.config.name", "reconciler-in-edge-tests");
		properties.put("server.port", port);
		putInfrastructure(properties);
		properties.put("spring.flyway.schemas", "reconciler");
		properties.put("spring.flyway.default-schema", "reconciler");
		properties.put("spring.flyway.locations", "classpath:db/migration/reconciler");
		properties.put("spring.flyway.create-schemas", true);
		properties.put("spring.jackson.default-property-inclusion", "non_null");
		properties.put("spring.threads.virtual.enabled", true);
		properties.put("server.error.include-message", "never");
		properties.putAll(CommonTestData.credentials());
		reconciler = new SpringApplicationBuilder(ReconcilerApplication.class).properties(properties).run();
		reconcilerPort = ((WebServerApplicationContext) reconciler).getWebServer().getPort();
	}

	// the database and the Redis namespace both services share
	private static void putInfrastructure(Map<String, Object> properties) {
		RedisServerEndpoint redis = TestInfrastructure.redis();
		properties.put("spring.datasource.url", database.jdbcUrl());
		properties.put("spring.datasource.username", database.user());
		properties.put("spring.datasource.password", database.password());
		properties.put("spring.data.redis.host", redis.host());
		properties.put("spring.data.redis.port", redis.port());
		properties.put("eventops.redis.key-prefix", redisNamespace());
	}

	private static String redisNamespace;

	private static String redisNamespace() {
		if (redisNamespace == null) {
			redisNamespace = TestInfrastructure.freshRedisNamespace();
		}
		return redisNamespace;
	}

	/**
	 * The edge's settings for a test context or a standalone edge.
	 * @return the properties
	 */
	public static synchronized Map<String, Object> edgeProperties() {
		start();
		Map<String, Object> properties = new LinkedHashMap<>();
		putInfrastructure(properties);
		properties.put("eventops.edge.reconciler.base-url", "http://127.0.0.1:" + reconcilerPort);
		properties.put("eventops.edge.reconciler.retry-wait", "50ms");
		properties.put("eventops.edge.reconciler.retry-after", "2s");
		properties.put("eventops.edge.tls.generated-dir", tlsDirectory.toString());
		properties.putAll(CommonTestData.credentials());
		properties.put("eventops.edge.rate-limit.requests-per-second", 20);
		properties.put("eventops.edge.rate-limit.burst", 40);
		// every enrolment of the shared context comes from 127.0.0.1 (the enrolment tests
		// alone enrol well over a hundred kiosks); EnrolmentRateLimitTests starts edges
		// with a small budget
		properties.put("eventops.edge.enrolment.burst", 5000);
		properties.put("management.server.port", 0);
		return properties;
	}

	/**
	 * Starts one more edge replica on the stack, beside the shared test context (same
	 * database, Redis namespace and reconciler); close it when done.
	 * @return the running edge
	 */
	public static ConfigurableApplicationContext startAnotherEdge() {
		return startAnotherEdge(Map.of());
	}

	/**
	 * Starts one more edge replica on the stack with some settings of its own.
	 * @param overrides properties that replace the stack's
	 * @return the running edge
	 */
	public static ConfigurableApplicationContext startAnotherEdge(Map<String, Object> overrides) {
		Map<String, Object> properties = new LinkedHashMap<>(edgeProperties());
		properties.put("server.port", 0);
		properties.putAll(overrides);
		// command-line arguments outrank the edge's own application.yml
		String[] arguments = properties.entrySet()
			.stream()
			.map((property) -> "--" + property.getKey() + "=" + property.getValue())
			.toArray(String[]::new);
		return new SpringApplicationBuilder(EdgeApplication.class).run(arguments);
	}

	/**
	 * The HTTPS port of an edge started by {@link #startAnotherEdge()}.
	 * @param edge the edge
	 * @return its port
	 */
	public static int portOf(ConfigurableApplicationContext edge) {
		return ((WebServerApplicationContext) edge).getWebServer().getPort();
	}

	/**
	 * The port of the shared {@link EdgeTest} context, for jqwik properties: jqwik runs
	 * outside the Spring test framework, so it asks the framework's context cache for the
	 * same context the JUnit classes share instead of starting a second edge.
	 * @return the edge's HTTPS port
	 */
	public static int sharedEdgePort() {
		ApplicationContext context = new TestContextManager(SharedEdge.class).getTestContext().getApplicationContext();
		return context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
	}

	/** The certificate the edge serves, which test clients trust. */
	public static Path trustedCertificate() {
		start();
		return tlsDirectory.resolve("edge-cert.pem");
	}

	public static JdbcTemplate jdbc() {
		start();
		return new JdbcTemplate(new DriverManagerDataSource(database.jdbcUrl(), database.user(), database.password()));
	}

	/**
	 * Stands for the shared edge context.
	 */
	@EdgeTest
	static final class SharedEdge {

	}

}
