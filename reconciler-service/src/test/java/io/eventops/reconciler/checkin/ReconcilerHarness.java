package io.eventops.reconciler.checkin;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.eventops.reconciler.access.AdmissionJudge;
import io.eventops.reconciler.access.PolicyStore;
import io.eventops.reconciler.claim.ClaimStore;
import io.eventops.reconciler.config.ReconcilerProperties;
import io.eventops.web.redis.RedisNamespaceProperties;
import io.eventops.reconciler.stream.ChangeLog;
import io.eventops.reconciler.stream.CommitWakes;
import io.eventops.rules.policy.EventPolicy;
import io.eventops.testsupport.RedisServerEndpoint;
import io.eventops.testsupport.TestDatabase;
import io.eventops.testsupport.TestInfrastructure;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.flywaydb.core.Flyway;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The batch path wired by hand, without Spring Boot, over a fresh database and Redis
 * namespace: for property tests and benchmarks that need many fast runs, or a wrapped
 * data source.
 */
final class ReconcilerHarness implements AutoCloseable {

	final HikariDataSource pool;

	final JdbcTemplate jdbc;

	final StringRedisTemplate redis;

	final String redisPrefix;

	private static final JsonMapper POLICY_JSON = JsonMapper.builder().build();

	private final LettuceConnectionFactory connections;

	private final PolicyStore policies;

	private ReconcilerHarness(HikariDataSource pool, LettuceConnectionFactory connections, String redisPrefix) {
		this.pool = pool;
		this.jdbc = new JdbcTemplate(pool);
		this.connections = connections;
		this.redis = new StringRedisTemplate(connections);
		this.redisPrefix = redisPrefix;
		this.policies = new PolicyStore(this.jdbc, POLICY_JSON, new ChangeLog(this.jdbc, new CommitWakes(pool)), 16);
	}

	static ReconcilerHarness start() {
		TestDatabase database = TestInfrastructure.freshDatabase();
		HikariDataSource pool = new HikariDataSource();
		pool.setJdbcUrl(database.jdbcUrl());
		pool.setUsername(database.user());
		pool.setPassword(database.password());
		pool.setMaximumPoolSize(8);
		Flyway.configure()
			.dataSource(pool)
			.schemas("reconciler")
			.defaultSchema("reconciler")
			.locations("classpath:db/migration/reconciler")
			.load()
			.migrate();
		RedisServerEndpoint endpoint = TestInfrastructure.redis();
		LettuceConnectionFactory connections = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration(endpoint.host(), endpoint.port()));
		connections.afterPropertiesSet();
		connections.start();
		return new ReconcilerHarness(pool, connections, TestInfrastructure.freshRedisNamespace());
	}

	/**
	 * A batch reconciler over the given data source (the harness's pool, or a wrapper of
	 * it).
	 * @param dataSource the data source
	 * @return the reconciler
	 */
	BatchReconciler reconciler(DataSource dataSource) {
		ReconcilerProperties properties = new ReconcilerProperties(Duration.ofSeconds(30), Duration.ofHours(6), 3,
				"default", Duration.ofMinutes(2), Duration.ofHours(24));
		ClaimStore claims = new ClaimStore(this.redis, new RedisNamespaceProperties(this.redisPrefix), properties);
		return new BatchReconciler(claims, new CheckInWriter(JdbcClient.create(dataSource),
				new ChangeLog(new JdbcTemplate(dataSource), new CommitWakes(this.pool)), new CommitWakes(this.pool)),
				new TransactionTemplate(new DataSourceTransactionManager(dataSource)),
				new ReconcileMetrics(new SimpleMeterRegistry()), properties);
	}

	BatchReconciler reconciler() {
		return reconciler(this.pool);
	}

	/**
	 * A batch reconciler with access control (#35): events with a policy take the
	 * movement path.
	 * @return the reconciler
	 */
	BatchReconciler policyReconciler() {
		ReconcilerProperties properties = new ReconcilerProperties(Duration.ofSeconds(30), Duration.ofHours(6), 3,
				"default", Duration.ofMinutes(2), Duration.ofHours(24));
		ClaimStore claims = new ClaimStore(this.redis, new RedisNamespaceProperties(this.redisPrefix), properties);
		CheckInWriter writer = new CheckInWriter(JdbcClient.create(this.pool),
				new ChangeLog(this.jdbc, new CommitWakes(this.pool)), new CommitWakes(this.pool));
		return new BatchReconciler(claims, writer,
				new PolicyPath(writer, this.policies, new AdmissionJudge(this.jdbc, this.policies)),
				new TransactionTemplate(new DataSourceTransactionManager(this.pool)),
				new ReconcileMetrics(new SimpleMeterRegistry()), properties);
	}

	/**
	 * Saves a policy version for an event.
	 * @param eventId the event
	 * @param policy the policy as ops send it
	 * @return its version
	 */
	long savePolicy(String eventId, Map<String, Object> policy) {
		EventPolicy read = POLICY_JSON.convertValue(policy, EventPolicy.class);
		return new TransactionTemplate(new DataSourceTransactionManager(this.pool))
			.execute((status) -> this.policies.save(eventId, read, "harness"));
	}

	/**
	 * Forgets every Redis key of this harness, as a Redis restart without persistence
	 * would.
	 */
	void flushRedis() {
		Set<String> keys = this.redis.keys(this.redisPrefix + "*");
		if (keys != null && !keys.isEmpty()) {
			this.redis.delete(keys);
		}
	}

	List<String> winners(String eventId) {
		return this.jdbc.queryForList("""
				SELECT attendee_id || '=' || source_id || ':' || seq FROM reconciler.check_ins
				WHERE event_id = ? ORDER BY attendee_id""", String.class, eventId);
	}

	@Override
	public void close() {
		this.connections.destroy();
		this.pool.close();
	}

}
