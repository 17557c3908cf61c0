package io.eventops.edge;

import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

/**
 * Points an edge test context at the {@link EdgeStack}: its database, reconciler and TLS
 * directory.
 */
public class EdgeTestInitializer implements ApplicationContextInitializer<ConfigurableApplicationContext> {

	@Override
	public void initialize(ConfigurableApplicationContext context) {
		context.getEnvironment()
			.getPropertySources()
			.addFirst(new MapPropertySource("eventops-edge-test-stack", EdgeStack.edgeProperties()));
	}

}
