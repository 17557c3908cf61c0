package io.eventops.edge;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ContextConfiguration;

/**
 * A full edge over HTTPS on a random port, with the real reconciler, PostgreSQL and Redis
 * of the {@link EdgeStack} (one context shared by every class with this annotation).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "eventops.edge.tls.generated-dir=" + EdgeStack.TLS_DIRECTORY)
@ContextConfiguration(initializers = EdgeTestInitializer.class)
public @interface EdgeTest {

}
