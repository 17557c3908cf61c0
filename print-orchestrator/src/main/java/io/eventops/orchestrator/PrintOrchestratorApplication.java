package io.eventops.orchestrator;

import io.eventops.web.VirtualThreadCarriers;

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
		// requests run on virtual threads: more carriers than cores (issue #24)
		VirtualThreadCarriers.widen();
		SpringApplication.run(PrintOrchestratorApplication.class, args);
	}

}
