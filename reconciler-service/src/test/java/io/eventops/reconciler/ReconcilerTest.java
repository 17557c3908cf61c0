package io.eventops.reconciler;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.eventops.testsupport.InfrastructureInitializer;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ContextConfiguration;

/**
 * A full reconciler on a random port against real PostgreSQL and Redis (one fresh
 * database and Redis namespace shared by every class with this annotation).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.config.name=" + ReconcilerApplication.CONFIG_NAME,
				"eventops.reconciler.headcount-refresh=200ms",
				"eventops.security.internal-token=" + TestData.INTERNAL_TOKEN,
				"eventops.security.ops-password=" + TestData.OPS_PASSWORD,
				"eventops.security.admin-password=" + TestData.ADMIN_PASSWORD })
@ContextConfiguration(initializers = InfrastructureInitializer.class)
public @interface ReconcilerTest {

}
