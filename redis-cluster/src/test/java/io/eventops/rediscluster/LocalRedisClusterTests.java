package io.eventops.rediscluster;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cluster the {@code redis-cluster} test runs use is a real one: three masters that
 * refuse a multi-key command across slots, where ARCHITECTURE.md's hash-tagged names of
 * one kiosk or one printer share a slot.
 */
class LocalRedisClusterTests {

	private static LocalRedisCluster cluster;

	@BeforeAll
	static void start() {
		cluster = LocalRedisCluster.startTemporary();
	}

	@AfterAll
	static void stop() {
		cluster.stop();
	}

	@Test
	void threeMastersServeEverySlot() {
		assertThat(cluster.nodes()).hasSize(3);
		for (int port : cluster.ports()) {
			assertThat(LocalRedisCluster.ask(port, "CLUSTER INFO")).contains("cluster_state:ok")
				.contains("cluster_slots_assigned:16384")
				.contains("cluster_size:3");
		}
	}

	@Test
	void keysOfDifferentSlotsAreRefusedTogether() {
		assertThat(LocalRedisCluster.ask(cluster.firstPort(), "MSET t1:print:q:a 1 t1:print:q:b 2"))
			.startsWith("-CROSSSLOT");
	}

	@Test
	void hashTaggedNamesOfOneKioskOrPrinterShareASlot() {
		assertThat(slot("t1:ckin:claim:{kiosk-07}:801")).isEqualTo(slot("t1:ckin:claim:{kiosk-07}:802"));
		assertThat(slot("t1:print:q:{hall-a-1}")).isEqualTo(slot("t1:print:inflight:{hall-a-1}"));
		assertThat(LocalRedisCluster.ask(cluster.firstPort(), "MSET t1:{k}:a 1 t1:{k}:b 2"))
			.doesNotStartWith("-CROSSSLOT");
	}

	private static String slot(String key) {
		return LocalRedisCluster.ask(cluster.firstPort(), "CLUSTER KEYSLOT " + key);
	}

}
