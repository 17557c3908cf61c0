package io.eventops.orchestrator.probe;

import io.eventops.orchestrator.config.RedisKeys;

import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * The consecutive failed probes of each printer, {@code print:probefail:{printerId}}.
 */
@Component
class ProbeFailures {

	private final StringRedisTemplate redis;

	private final RedisKeys keys;

	ProbeFailures(StringRedisTemplate redis, RedisKeys keys) {
		this.redis = redis;
		this.keys = keys;
	}

	long increment(String printerId) {
		Long failures = this.redis.opsForValue().increment(this.keys.probeFailures(printerId));
		return (failures != null) ? failures : 1;
	}

	void reset(String printerId) {
		this.redis.delete(this.keys.probeFailures(printerId));
	}

}
