package io.eventops.edge.rules.redis;

import java.time.Instant;
import java.util.List;

import io.eventops.edge.rules.CaptureStore;
import io.eventops.model.flush.EntryType;
import io.eventops.testsupport.RedisServerEndpoint;
import io.eventops.testsupport.TestInfrastructure;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * The shared capture history on a real Redis keeps each capture's entry kind (issue #35),
 * and reads the members a replica of the previous release wrote, all check-ins, as
 * check-ins: a rolling deploy neither loses a double tap nor invents one.
 */
class RedisCaptureStoreTests {

	private static final Instant AT = Instant.parse("2026-07-16T10:00:00Z");

	private LettuceConnectionFactory connections;

	private StringRedisTemplate redis;

	private String prefix;

	@BeforeEach
	void redis() {
		RedisServerEndpoint server = TestInfrastructure.redis();
		assumeFalse(server.cluster(), "a standalone connection is enough for one kiosk's key");
		this.connections = new LettuceConnectionFactory(new RedisStandaloneConfiguration(server.host(), server.port()));
		this.connections.afterPropertiesSet();
		this.connections.start();
		this.redis = new StringRedisTemplate(this.connections);
		this.prefix = TestInfrastructure.freshRedisNamespace();
	}

	@AfterEach
	void close() {
		if (this.connections != null) {
			this.connections.destroy();
		}
	}

	@Test
	void everyKindComesBackAsItWasKept() {
		RedisCaptureStore store = new RedisCaptureStore(this.redis, this.prefix, 100, new SimpleMeterRegistry());
		List<CaptureStore.Capture> kept = List.of(new CaptureStore.Capture(1, "att:1", AT, EntryType.CHECK_IN),
				new CaptureStore.Capture(2, "att:1", AT.plusSeconds(1), EntryType.EXIT),
				new CaptureStore.Capture(3, "att:1", AT.plusSeconds(2), EntryType.REFUSED));

		store.add("k1", kept);

		assertThat(store.between("k1", AT, AT.plusSeconds(2))).containsExactlyInAnyOrderElementsOf(kept);
	}

	@Test
	void aCheckInKeepsTheMemberThePreviousReleaseWroteAndReads() {
		RedisCaptureStore store = new RedisCaptureStore(this.redis, this.prefix, 100, new SimpleMeterRegistry());
		String key = this.prefix + "edge:captures:{k1}";
		this.redis.opsForZSet().add(key, "7:att:9", AT.toEpochMilli());

		store.add("k1", List.of(new CaptureStore.Capture(8, "att:9", AT.plusSeconds(1), EntryType.CHECK_IN)));

		assertThat(this.redis.opsForZSet().range(key, 0, -1)).containsExactly("7:att:9", "8:att:9");
		assertThat(store.between("k1", AT, AT)).containsExactly(new CaptureStore.Capture(7, "att:9", AT));
	}

}
