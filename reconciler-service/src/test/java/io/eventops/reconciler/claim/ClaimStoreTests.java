package io.eventops.reconciler.claim;

import java.util.List;
import java.util.stream.LongStream;

import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.testsupport.TestInfrastructure;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A batch's claims go through Redis in one script each (claim, complete, release), also
 * on a Redis Cluster: a kiosk's keys share its hash tag, so no script is refused with
 * CROSSSLOT and falls back to the PostgreSQL guard (invariant 2).
 */
@ReconcilerTest
class ClaimStoreTests {

	@Autowired
	private ClaimStore claims;

	@Autowired
	private StringRedisTemplate redis;

	@Autowired
	private RedisConnectionFactory connections;

	@Test
	void theContextUsesTheRedisOfTheTestInfrastructure() {
		try (RedisConnection connection = this.connections.getConnection()) {
			assertThat(connection instanceof RedisClusterConnection).isEqualTo(TestInfrastructure.redis().cluster());
		}
	}

	@Test
	void aBatchOfOneKioskIsClaimedCompletedAndReleasedInRedis() {
		String kiosk = TestData.kiosk();
		// enough seqs that untagged keys would spread over every node of a cluster
		List<String> keys = LongStream.rangeClosed(1, 40).mapToObj((seq) -> this.claims.key(kiosk, seq)).toList();

		ClaimStore.Claims first = this.claims.claim(keys);
		assertThat(first.states()).hasSize(40).allMatch(ClaimState.Claimed.class::isInstance);
		assertThat(this.claims.claim(keys).states()).allMatch(ClaimState.Leased.class::isInstance);

		this.claims.complete(first.lease(), keys.subList(0, 20),
				keys.subList(0, 20).stream().map((key) -> "fp").toList());
		this.claims.release(first.lease(), keys.subList(20, 40));
		assertThat(this.redis.opsForValue().get(keys.get(0))).isEqualTo(ClaimStore.DONE_PREFIX + "fp");
		assertThat(this.redis.hasKey(keys.get(20))).isFalse();

		List<ClaimState> again = this.claims.claim(keys).states();
		assertThat(again.subList(0, 20)).containsOnly(new ClaimState.Done("fp"));
		assertThat(again.subList(20, 40)).allMatch(ClaimState.Claimed.class::isInstance);
	}

}
