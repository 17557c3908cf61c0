package io.eventops.orchestrator.pause;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import io.eventops.orchestrator.config.RedisKeys;

import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * The cluster-wide dispatch pause {@code ckin:dispatch:paused}: while present no new
 * format goes to any printer; relay and queueing go on, and the pause ends by itself when
 * its TTL runs out.
 */
@Component
public class DispatchPause {

	private final StringRedisTemplate redis;

	private final RedisKeys keys;

	public DispatchPause(StringRedisTemplate redis, RedisKeys keys) {
		this.redis = redis;
		this.keys = keys;
	}

	/**
	 * Pauses dispatch.
	 * @param ttl how long at most
	 * @return the state now
	 */
	public PauseStatus pause(Duration ttl) {
		this.redis.opsForValue().set(this.keys.dispatchPaused(), Instant.now().toString(), ttl);
		return status();
	}

	/**
	 * Ends a pause.
	 * @return the state now
	 */
	public PauseStatus resume() {
		this.redis.delete(this.keys.dispatchPaused());
		return status();
	}

	/**
	 * Whether dispatch is paused.
	 * @return true while the key exists
	 */
	public boolean isPaused() {
		return Boolean.TRUE.equals(this.redis.hasKey(this.keys.dispatchPaused()));
	}

	/**
	 * The pause state for ops.
	 * @return paused and when it ends by itself
	 */
	public PauseStatus status() {
		Long ttl = this.redis.getExpire(this.keys.dispatchPaused(), TimeUnit.MILLISECONDS);
		if (ttl == null || ttl == -2) {
			return new PauseStatus(false, null);
		}
		return new PauseStatus(true, (ttl > 0) ? Instant.now().plusMillis(ttl) : null);
	}

	/**
	 * Whether dispatch is paused and until when.
	 *
	 * @param paused whether it is paused
	 * @param resumesAt when the pause ends by itself, null when not paused
	 */
	public record PauseStatus(boolean paused, Instant resumesAt) {
	}

}
