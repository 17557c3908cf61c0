package io.eventops.console;

import java.util.Map;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * Boots the help-desk console. Its configuration file is {@code ops-console.yml}, not
 * {@code application.yml}, so that it shares a classpath with the services (its tests run
 * a real reconciler beside it) without reading their settings.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class ConsoleApplication {

	/** The name of this service's configuration file ({@code spring.config.name}). */
	public static final String CONFIG_NAME = "ops-console";

	public static void main(String[] args) {
		builder().run(args);
	}

	/**
	 * A builder of the console application with its configuration file name set.
	 * @return the builder
	 */
	public static SpringApplicationBuilder builder() {
		return new SpringApplicationBuilder(ConsoleApplication.class)
			.properties(Map.of("spring.config.name", CONFIG_NAME));
	}

}
