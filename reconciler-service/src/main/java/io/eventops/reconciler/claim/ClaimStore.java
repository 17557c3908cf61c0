package io.eventops.reconciler.claim;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.eventops.reconciler.config.ReconcilerProperties;
import io.eventops.web.redis.RedisNamespaceProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.DefaultRedisScript;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/**
 * Claims, completes and releases the idempotency keys of one kiosk's batch, each in one
 * Redis round trip. All keys of a batch share the hash tag {@code {kioskId}}, so each
 * script touches one cluster slot.
 */
@Component
public class ClaimStore {

	static final String DONE_PREFIX = "done:";

	private static final Logger logger = LoggerFactory.getLogger(ClaimStore.class);

	// Claims a free key and reports what held a taken one. GET then SET inside one script
	// is atomic, and unlike SET NX GET (Redis >= 7.0) it also runs on the Redis 6 that
	// some deployments and the embedded server ship.
	private static final RedisScript<List> CLAIM = new DefaultRedisScript<>("""
			local out = {}
			for i = 1, #KEYS do
			  local previous = redis.call('GET', KEYS[i])
			  if previous then
			    out[i] = previous
			  else
			    redis.call('SET', KEYS[i], ARGV[1], 'PX', ARGV[2])
			    out[i] = ''
			  end
			end
			return out
			""", List.class);

	// Turns our own leases into done markers; a key another request holds now is left
	// alone.
	private static final RedisScript<Long> COMPLETE = new DefaultRedisScript<>("""
			local n = 0
			for i = 1, #KEYS do
			  local current = redis.call('GET', KEYS[i])
			  if (not current) or current == ARGV[1] then
			    redis.call('SET', KEYS[i], ARGV[i + 2], 'PX', ARGV[2])
			    n = n + 1
			  end
			end
			return n
			""", Long.class);

	// Invariant 2: a failed batch gives its leases back so that the retry is not a false
	// DUPLICATE.
	private static final RedisScript<Long> RELEASE = new DefaultRedisScript<>("""
			local n = 0
			for i = 1, #KEYS do
			  if redis.call('GET', KEYS[i]) == ARGV[1] then
			    redis.call('DEL', KEYS[i])
			    n = n + 1
			  end
			end
			return n
			""", Long.class);

	private final StringRedisTemplate redis;

	private final String prefix;

	private final Duration leaseTtl;

	private final Duration doneTtl;

	public ClaimStore(StringRedisTemplate redis, RedisNamespaceProperties namespace, ReconcilerProperties properties) {
		this.redis = redis;
		this.prefix = namespace.keyPrefix();
		this.leaseTtl = properties.claimLeaseTtl();
		this.doneTtl = properties.claimDoneTtl();
	}

	/**
	 * The claim key of an entry: {@code ckin:claim:{kioskId}:seq}.
	 * @param sourceId the kiosk (or another source)
	 * @param seq the entry's seq
	 * @return the key
	 */
	public String key(String sourceId, long seq) {
		return this.prefix + "ckin:claim:{" + sourceId + "}:" + seq;
	}

	/**
	 * Tries to lease every key of a batch at once.
	 * @param keys the claim keys
	 * @return the lease (to complete or release) and one state per key, in order
	 */
	public Claims claim(List<String> keys) {
		String lease = "lease:" + UUID.randomUUID();
		if (keys.isEmpty()) {
			return new Claims(lease, List.of());
		}
		try {
			List<?> previous = this.redis.execute(CLAIM, keys, lease, Long.toString(this.leaseTtl.toMillis()));
			List<ClaimState> states = new ArrayList<>(keys.size());
			for (Object value : previous) {
				states.add(ClaimState.ofPrevious((String) value));
			}
			return new Claims(lease, states);
		}
		catch (DataAccessException ex) {
			logger.warn("Redis unavailable for claims; the PostgreSQL guard decides alone: {}", ex.getMessage());
			return new Claims(lease, keys.stream().<ClaimState>map((key) -> new ClaimState.Unavailable()).toList());
		}
	}

	/**
	 * Marks committed keys done with their payload fingerprints.
	 * @param lease the batch's lease
	 * @param keys the keys
	 * @param fingerprints the fingerprint to remember per key
	 */
	public void complete(String lease, List<String> keys, List<String> fingerprints) {
		if (keys.isEmpty()) {
			return;
		}
		List<String> args = new ArrayList<>(keys.size() + 2);
		args.add(lease);
		args.add(Long.toString(this.doneTtl.toMillis()));
		fingerprints.forEach((fingerprint) -> args.add(DONE_PREFIX + fingerprint));
		try {
			this.redis.execute(COMPLETE, keys, args.toArray());
		}
		catch (DataAccessException ex) {
			// the commit stands; replays are caught by the PostgreSQL guard until Redis
			// is back
			logger.warn("Could not mark {} claims done: {}", keys.size(), ex.getMessage());
		}
	}

	/**
	 * Gives back the leases of a batch that failed before commit.
	 * @param lease the batch's lease
	 * @param keys the keys
	 */
	public void release(String lease, List<String> keys) {
		if (keys.isEmpty()) {
			return;
		}
		try {
			this.redis.execute(RELEASE, keys, lease);
		}
		catch (DataAccessException ex) {
			// the leases expire on their own after the lease TTL
			logger.warn("Could not release {} claims: {}", keys.size(), ex.getMessage());
		}
	}

	/**
	 * The outcome of claiming a batch.
	 *
	 * @param lease the lease value this request wrote
	 * @param states one state per key
	 */
	public record Claims(String lease, List<ClaimState> states) {
	}

}
