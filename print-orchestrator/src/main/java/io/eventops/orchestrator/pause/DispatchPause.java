package io.eventops.orchestrator.pause;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.eventops.orchestrator.config.RedisKeys;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The cluster-wide dispatch pause: while it holds no new format goes to any printer;
 * relay and queueing go on, and the pause ends by itself when its TTL runs out. Kept in
 * PostgreSQL ({@code printing.dispatch_pause}), so that a Redis wipe or failover never
 * resumes printing; Redis holds a copy under {@code ckin:dispatch:paused} with the same
 * TTL for runbooks.
 */
@Component
public class DispatchPause {

	private static final Logger logger = LoggerFactory.getLogger(DispatchPause.class);

	private final JdbcTemplate jdbc;

	private final StringRedisTemplate redis;

	private final RedisKeys keys;

	public DispatchPause(JdbcTemplate jdbc, StringRedisTemplate redis, RedisKeys keys) {
		this.jdbc = jdbc;
		this.redis = redis;
		this.keys = keys;
	}

	/**
	 * Pauses dispatch: PostgreSQL first, then the Redis copy.
	 * @param ttl how long at most
	 * @return the state now
	 */
	PauseStatus pause(Duration ttl) {
		this.jdbc
			.update("""
					INSERT INTO printing.dispatch_pause (singleton, paused_at, resumes_at)
					VALUES (true, now(), now() + make_interval(secs => ?))
					ON CONFLICT (singleton) DO UPDATE SET paused_at = EXCLUDED.paused_at, resumes_at = EXCLUDED.resumes_at""",
					ttl.toMillis() / 1000.0);
		PauseStatus status = status();
		mirror(status);
		return status;
	}

	/**
	 * Ends a pause: PostgreSQL first, so a failed Redis delete leaves at worst a copy
	 * that runs out by its TTL.
	 * @return the state now
	 */
	PauseStatus resume() {
		this.jdbc.update("DELETE FROM printing.dispatch_pause");
		try {
			this.redis.delete(this.keys.dispatchPaused());
		}
		catch (RuntimeException ex) {
			logger.warn("Dispatch resumed; the Redis copy of the pause was not deleted: {}", ex.getMessage());
		}
		return status();
	}

	/**
	 * Whether dispatch is paused, by PostgreSQL: a Redis that lost the copy cannot make
	 * it resume.
	 * @return true while a pause holds
	 */
	public boolean isPaused() {
		return status().paused();
	}

	/**
	 * The pause state for ops and the gauge; restores the Redis copy when Redis lost it.
	 * @return paused and when it ends by itself
	 */
	PauseStatus status() {
		List<Timestamp> until = this.jdbc
			.queryForList("SELECT resumes_at FROM printing.dispatch_pause WHERE resumes_at > now()", Timestamp.class);
		return until.isEmpty() ? new PauseStatus(false, null) : new PauseStatus(true, until.get(0).toInstant());
	}

	/**
	 * Writes the Redis copy again if Redis lost it (a wipe or a failover), so that
	 * runbooks reading {@code ckin:dispatch:paused} see the pause the orchestrator obeys.
	 */
	public void restoreCopy() {
		PauseStatus status = status();
		if (status.paused() && !Boolean.TRUE.equals(this.redis.hasKey(this.keys.dispatchPaused()))) {
			mirror(status);
		}
	}

	private void mirror(PauseStatus status) {
		if (!status.paused()) {
			return;
		}
		Duration left = Duration.between(Instant.now(), status.resumesAt());
		if (left.isNegative() || left.isZero()) {
			return;
		}
		try {
			this.redis.opsForValue().set(this.keys.dispatchPaused(), status.resumesAt().toString(), left);
		}
		catch (RuntimeException ex) {
			logger.warn("Dispatch paused in PostgreSQL; its Redis copy was not written: {}", ex.getMessage());
		}
	}

	/**
	 * Whether dispatch is paused and until when.
	 *
	 * @param paused whether it is paused
	 * @param resumesAt when the pause ends by itself, null when not paused
	 */
	record PauseStatus(boolean paused, Instant resumesAt) {
	}

}
