package io.eventops.orchestrator.agent;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import io.eventops.orchestrator.config.PrintProperties;
import io.eventops.orchestrator.config.RedisKeys;

import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.DefaultRedisScript;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/**
 * The lease {@code print:agent:{printerId}} that makes exactly one replica the agent
 * (prober and dispatcher) of a printer; it is renewed by its holder and taken over by
 * another replica when it expires.
 */
@Component
class AgentLease {

	private static final RedisScript<Long> HOLD = new DefaultRedisScript<>("""
			local current = redis.call('GET', KEYS[1])
			if current == ARGV[1] then
			  redis.call('PEXPIRE', KEYS[1], ARGV[2])
			  return 1
			end
			if current then return 0 end
			redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
			return 1
			""", Long.class);

	private static final RedisScript<Long> RELEASE = new DefaultRedisScript<>("""
			if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
			return 0
			""", Long.class);

	private final StringRedisTemplate redis;

	private final RedisKeys keys;

	private final Duration ttl;

	private final String owner = UUID.randomUUID().toString();

	AgentLease(StringRedisTemplate redis, RedisKeys keys, PrintProperties properties) {
		this.redis = redis;
		this.keys = keys;
		this.ttl = properties.agentLeaseTtl();
	}

	String owner() {
		return this.owner;
	}

	Duration ttl() {
		return this.ttl;
	}

	/**
	 * Acquires or renews the lease.
	 * @param printerId the printer
	 * @return whether this replica holds it now
	 */
	boolean hold(String printerId) {
		Long held = this.redis.execute(HOLD, List.of(this.keys.agentLease(printerId)), this.owner,
				Long.toString(this.ttl.toMillis()));
		return held != null && held == 1;
	}

	void release(String printerId) {
		this.redis.execute(RELEASE, List.of(this.keys.agentLease(printerId)), this.owner);
	}

}
