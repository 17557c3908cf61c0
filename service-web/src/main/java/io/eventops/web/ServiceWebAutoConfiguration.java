package io.eventops.web;

import io.eventops.web.redis.RedisNamespaceProperties;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Provides the shared {@link ProblemResponses}, the {@link Rfc3339Deserializer} and the
 * {@link RedisNamespaceProperties} to every service that has this module.
 */
@AutoConfiguration
@EnableConfigurationProperties(RedisNamespaceProperties.class)
public class ServiceWebAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	ProblemResponses problemResponses(JsonMapper jsonMapper) {
		return new ProblemResponses(jsonMapper);
	}

	@Bean
	@ConditionalOnMissingBean
	RoleHierarchy roleHierarchy() {
		return OpsAccounts.roleHierarchy();
	}

	@Bean
	@ConditionalOnMissingBean
	PasswordEncoder passwordEncoder() {
		return PasswordEncoderFactories.createDelegatingPasswordEncoder();
	}

	// registered with the auto-configured JsonMapper like every JacksonModule bean
	@Bean
	JacksonModule rfc3339Module() {
		return Rfc3339Deserializer.module();
	}

}
