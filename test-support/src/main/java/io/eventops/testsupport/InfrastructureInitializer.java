package io.eventops.testsupport;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

/**
 * Points a Spring test context at a fresh database and a fresh Redis namespace; name it
 * in {@code @ContextConfiguration(initializers = …)} so that test classes sharing a
 * configuration share one cached context (and one database).
 */
public class InfrastructureInitializer implements ApplicationContextInitializer<ConfigurableApplicationContext> {

	@Override
	public void initialize(ConfigurableApplicationContext context) {
		TestDatabase database = TestInfrastructure.freshDatabase();
		RedisServerEndpoint redis = TestInfrastructure.redis();
		Map<String, Object> properties = new LinkedHashMap<>(Map.of("spring.datasource.url", database.jdbcUrl(),
				"spring.datasource.username", database.user(), "spring.datasource.password", database.password(),
				"eventops.redis.key-prefix", TestInfrastructure.freshRedisNamespace()));
		properties.putAll(redis.springProperties());
		context.getEnvironment()
			.getPropertySources()
			.addFirst(new MapPropertySource("eventops-test-infrastructure", properties));
	}

}
