package io.eventops.console;

import java.util.LinkedHashMap;
import java.util.Map;

import io.eventops.reconciler.ReconcilerApplication;
import io.eventops.testsupport.CommonTestData;
import io.eventops.testsupport.TestDatabase;
import io.eventops.testsupport.TestInfrastructure;

import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The real reconciler the console's tests talk to, once per JVM: the service itself on a
 * random port, on a fresh PostgreSQL database and Redis namespace, with the test
 * accounts.
 */
final class ReconcilerBeside {

	private static TestDatabase database;

	private static ConfigurableApplicationContext reconciler;

	private ReconcilerBeside() {
	}

	static synchronized String url() {
		if (reconciler == null) {
			database = TestInfrastructure.freshDatabase();
			Map<String, Object> properties = new LinkedHashMap<>();
			properties.put("server.port", 0);
			properties.put("management.server.port", 0);
			properties.put("spring.datasource.url", database.jdbcUrl());
			properties.put("spring.datasource.username", database.user());
			properties.put("spring.datasource.password", database.password());
			properties.putAll(TestInfrastructure.redis().springProperties());
			properties.put("eventops.redis.key-prefix", TestInfrastructure.freshRedisNamespace());
			properties.putAll(CommonTestData.credentials());
			// command-line arguments outrank reconciler.yml, as they would for the
			// service
			String[] arguments = properties.entrySet()
				.stream()
				.map((property) -> "--" + property.getKey() + "=" + property.getValue())
				.toArray(String[]::new);
			reconciler = ReconcilerApplication.builder().run(arguments);
		}
		return "http://127.0.0.1:" + ((WebServerApplicationContext) reconciler).getWebServer().getPort();
	}

	static JdbcTemplate jdbc() {
		url();
		return new JdbcTemplate(new DriverManagerDataSource(database.jdbcUrl(), database.user(), database.password()));
	}

}
