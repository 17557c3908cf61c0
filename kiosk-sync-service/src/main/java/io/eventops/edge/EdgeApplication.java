package io.eventops.edge;

import io.eventops.web.VirtualThreadCarriers;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * Boots the kiosk edge: the public HTTPS front door of kiosk flushes.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class EdgeApplication {

	public static void main(String[] args) {
		// requests run on virtual threads: more carriers than cores (issue #24)
		VirtualThreadCarriers.widen();
		SpringApplication.run(EdgeApplication.class, args);
	}

}
