package io.eventops.console;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.eventops.testsupport.CommonTestData;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ContextConfiguration;

/**
 * The console on a random port, its sessions in real Redis, in front of a real
 * reconciler; the test classpath also holds the reconciler, whose database and API
 * documents the console has no use for.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.config.name=" + ConsoleApplication.CONFIG_NAME, "management.server.port=0",
				"eventops.security.ops-password=" + CommonTestData.OPS_PASSWORD,
				"eventops.security.admin-password=" + CommonTestData.ADMIN_PASSWORD,
				"spring.autoconfigure.exclude=" + ConsoleTest.NOT_THE_CONSOLES })
@ContextConfiguration(initializers = ConsoleInitializer.class)
public @interface ConsoleTest {

	/** What the reconciler on the test classpath would otherwise switch on. */
	String NOT_THE_CONSOLES = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration,"
			+ "org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration,"
			+ "io.eventops.web.openapi.ApiDocumentsAutoConfiguration";

}
