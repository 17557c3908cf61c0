package io.eventops.reconciler;

import java.util.Map;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * Boots the reconciler service. Its configuration file is {@code reconciler.yml}, not
 * {@code application.yml}, so that several services can share one classpath (the local
 * stack's and other modules' tests) without reading each other's settings.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
public class ReconcilerApplication {

	/** The name of this service's configuration file ({@code spring.config.name}). */
	public static final String CONFIG_NAME = "reconciler";

	public static void main(String[] args) {
		builder().run(args);
	}

	/**
	 * A builder of the reconciler application with its configuration file name set.
	 * @return the builder
	 */
	public static SpringApplicationBuilder builder() {
		return new SpringApplicationBuilder(ReconcilerApplication.class)
			.properties(Map.of("spring.config.name", CONFIG_NAME));
	}

}
