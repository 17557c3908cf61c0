package io.eventops.orchestrator;

import io.eventops.orchestrator.config.RedisKeys;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * What the orchestrator's end-to-end test classes share: the running orchestrator's port,
 * its database and Redis, and a fresh {@link PrintFloor} (virtual printers over TCP) per
 * test, closed after it. Subclasses carry {@link OrchestratorTest}.
 */
public abstract class PrintFloorTest {

	@LocalServerPort
	protected int port;

	@Autowired
	protected JdbcTemplate jdbc;

	@Autowired
	protected StringRedisTemplate redis;

	@Autowired
	protected RedisKeys keys;

	protected PrintFloor floor;

	@BeforeEach
	void openFloor() {
		this.floor = new PrintFloor(this.port, this.jdbc, this.redis, this.keys.prefix());
	}

	@AfterEach
	void closeFloor() {
		this.floor.close();
	}

}
