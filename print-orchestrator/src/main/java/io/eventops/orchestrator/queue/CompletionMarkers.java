package io.eventops.orchestrator.queue;

import java.time.Duration;
import java.util.UUID;

import io.eventops.orchestrator.config.PrintProperties;
import io.eventops.orchestrator.config.RedisKeys;

import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * The completion markers {@code print:done:{jobId}}, written only after a printer
 * confirmed the label, never at dispatch (invariant 8); the ledger stays authoritative
 * when Redis lost them.
 */
@Component
public class CompletionMarkers {

	private final StringRedisTemplate redis;

	private final RedisKeys keys;

	private final Duration ttl;

	public CompletionMarkers(StringRedisTemplate redis, RedisKeys keys, PrintProperties properties) {
		this.redis = redis;
		this.keys = keys;
		this.ttl = properties.doneMarkerTtl();
	}

	/**
	 * Marks a job confirmed printed.
	 * @param jobId the job
	 * @param printerId the printer that confirmed it
	 */
	public void markDone(UUID jobId, String printerId) {
		this.redis.opsForValue().set(this.keys.done(jobId.toString()), printerId, this.ttl);
	}

	/**
	 * Whether a job carries a completion marker.
	 * @param jobId the job
	 * @return true when a printer confirmed it
	 */
	public boolean isDone(UUID jobId) {
		return Boolean.TRUE.equals(this.redis.hasKey(this.keys.done(jobId.toString())));
	}

}
