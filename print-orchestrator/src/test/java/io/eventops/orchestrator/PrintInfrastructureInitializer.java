package io.eventops.orchestrator;

import io.eventops.testsupport.InfrastructureInitializer;
import org.flywaydb.core.Flyway;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;

/**
 * Points a test context at a fresh database and Redis namespace, and creates the
 * reconciler's schema there first (the outbox feed the relay reads).
 */
public class PrintInfrastructureInitializer extends InfrastructureInitializer {

	@Override
	public void initialize(ConfigurableApplicationContext context) {
		super.initialize(context);
		Environment environment = context.getEnvironment();
		migrateReconciler(environment.getRequiredProperty("spring.datasource.url"),
				environment.getRequiredProperty("spring.datasource.username"),
				environment.getProperty("spring.datasource.password", ""));
	}

	/**
	 * Runs the reconciler's Flyway migrations (schema {@code reconciler}).
	 * @param url the database
	 * @param user its user
	 * @param password its password
	 */
	public static void migrateReconciler(String url, String user, String password) {
		migrate("reconciler", url, user, password);
	}

	/**
	 * Runs the orchestrator's own Flyway migrations (schema {@code printing}), for tests
	 * without a Spring context.
	 * @param url the database
	 * @param user its user
	 * @param password its password
	 */
	public static void migratePrinting(String url, String user, String password) {
		migrate("printing", url, user, password);
	}

	private static void migrate(String schema, String url, String user, String password) {
		Flyway.configure()
			.dataSource(url, user, password)
			.schemas(schema)
			.defaultSchema(schema)
			.locations("classpath:db/migration/" + schema)
			.load()
			.migrate();
	}

}
