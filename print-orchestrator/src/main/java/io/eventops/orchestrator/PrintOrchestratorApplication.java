package io.eventops.orchestrator;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * Boots the print orchestrator.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
public class PrintOrchestratorApplication {

	public static void main(String[] args) {
		SpringApplication.run(PrintOrchestratorApplication.class, args);
	}

}
