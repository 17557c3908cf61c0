package io.eventops.console;

import java.util.LinkedHashMap;
import java.util.Map;

import io.eventops.testsupport.TestInfrastructure;

import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

/**
 * Points a console test context at the real reconciler ({@link ReconcilerBeside}), a
 * fresh Redis namespace for its sessions, and, for the print orchestrator and the edge, a
 * port where nothing listens (what the console says when a service is down).
 */
public class ConsoleInitializer implements ApplicationContextInitializer<ConfigurableApplicationContext> {

	/** Nothing listens on port 9 of loopback (discard), so a call there fails at once. */
	static final String NOTHING_LISTENS = "http://127.0.0.1:9";

	@Override
	public void initialize(ConfigurableApplicationContext context) {
		context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("console-test", properties()));
	}

	static Map<String, Object> properties() {
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put("eventops.console.reconciler-url", ReconcilerBeside.url());
		properties.put("eventops.console.print-orchestrator-url", NOTHING_LISTENS);
		properties.put("eventops.console.edge-url", NOTHING_LISTENS);
		properties.putAll(TestInfrastructure.redis().springProperties());
		properties.put("eventops.redis.key-prefix", sessionNamespace());
		return properties;
	}

	private static String namespace;

	// one per JVM: a second console replica in a test shares the first one's sessions
	private static synchronized String sessionNamespace() {
		if (namespace == null) {
			namespace = TestInfrastructure.freshRedisNamespace();
		}
		return namespace;
	}

}
