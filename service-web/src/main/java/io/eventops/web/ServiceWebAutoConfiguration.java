package io.eventops.web;

import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Provides the shared {@link ProblemResponses} to every service that has this module.
 */
@AutoConfiguration
public class ServiceWebAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	ProblemResponses problemResponses(JsonMapper jsonMapper) {
		return new ProblemResponses(jsonMapper);
	}

}
