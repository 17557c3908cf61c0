package io.eventops.testsupport;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Points a Spring test context at a fresh database and a fresh Redis namespace; call it
 * from a {@code @DynamicPropertySource} method.
 */
public final class SpringTestProperties {

	private SpringTestProperties() {
	}

	/**
	 * Registers {@code spring.datasource.*}, {@code spring.data.redis.*} (host and port,
	 * or {@code cluster.nodes}) and {@code eventops.redis.key-prefix} for one context.
	 * @param registry the registry of the context being built
	 */
	public static void register(DynamicPropertyRegistry registry) {
		TestDatabase database = TestInfrastructure.freshDatabase();
		RedisServerEndpoint redis = TestInfrastructure.redis();
		String namespace = TestInfrastructure.freshRedisNamespace();
		registry.add("spring.datasource.url", database::jdbcUrl);
		registry.add("spring.datasource.username", database::user);
		registry.add("spring.datasource.password", database::password);
		redis.springProperties().forEach((name, value) -> registry.add(name, () -> value));
		registry.add("eventops.redis.key-prefix", () -> namespace);
	}

}
