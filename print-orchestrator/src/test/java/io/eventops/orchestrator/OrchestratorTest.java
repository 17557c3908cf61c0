package io.eventops.orchestrator;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ContextConfiguration;

/**
 * A full orchestrator on a random port against real PostgreSQL (with the reconciler's
 * schema) and Redis, with fast probes; one database and Redis namespace shared by every
 * class with this annotation. A property one class needs is set here, not in a
 * {@code @TestPropertySource} of that class, which would start a context of its own.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { TestData.OPS_PASSWORD_PROPERTY, TestData.ADMIN_PASSWORD_PROPERTY,
				"eventops.print.probe-interval=100ms", "eventops.print.down-after-failures=3",
				"eventops.print.relay-interval=200ms", "eventops.print.connect-timeout=300ms",
				"eventops.print.read-timeout=300ms", "eventops.print.confirm-timeout=15s",
				"eventops.print.confirm-poll-interval=25ms", "eventops.print.agent-lease-ttl=2s",
				"eventops.print.rebuild-interval=300ms", "eventops.print.rebuild-grace=1s",
				"eventops.print.probe-print-timeout=5s", "eventops.print.printed-refresh=200ms",
				"eventops.print.erasure-check=200ms",
				// virtual printers listen on loopback, on ephemeral ports
				"eventops.print.printer-network.allowed-cidrs=127.0.0.0/8",
				"eventops.print.printer-network.allowed-ports=1024-65535",
				// one context for every class, BadgeStatusReadTests' internal reads too
				// (issue #40)
				TestData.INTERNAL_TOKEN_PROPERTY })
@ContextConfiguration(initializers = PrintInfrastructureInitializer.class)
public @interface OrchestratorTest {

}
