package io.eventops.web.openapi;

import org.springdoc.core.customizers.OpenApiCustomizer;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;

/**
 * Serves every service's OpenAPI document and its UI without credentials on the
 * management port only, ahead of the service's main filter chain (which gets everything
 * else).
 */
@AutoConfiguration
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({ OpenApiCustomizer.class, HttpSecurity.class })
public class ApiDocumentsAutoConfiguration {

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE)
	@ConditionalOnMissingBean(name = "apiDocumentsFilterChain")
	SecurityFilterChain apiDocumentsFilterChain(HttpSecurity http, Environment environment) throws Exception {
		return ApiDocuments.documentsFilterChain(http, environment);
	}

}
