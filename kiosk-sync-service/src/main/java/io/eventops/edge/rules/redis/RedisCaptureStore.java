package io.eventops.edge.rules.redis;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.eventops.edge.rules.CaptureStore;
import io.eventops.model.flush.EntryType;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.data.redis.core.RedisOperations;
import org.springframework.data.redis.core.SessionCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.ZSetOperations;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * A kiosk's recent captures in one Redis sorted set, {@code edge:captures:{kioskId}}
 * (member {@code seq:attendeeId} for a check-in, {@code seq:attendeeId#TYPE} for another
 * entry kind, score the capture time in milliseconds), so that a kiosk's
 * {@code RATE_ANOMALY} and {@code DOUBLE_TAP} flags are the same whichever edge replica
 * checks each of its flushes. The set keeps the kiosk's latest captures by capture time
 * and expires a day after its last write.
 * <p>
 * When Redis does not answer, a batch is checked against its own entries only (the flags
 * are advisory, a check-in is never refused for them) and
 * {@code eventops_edge_rules_history_unavailable_total} rises.
 */
public final class RedisCaptureStore implements CaptureStore {

	private static final Logger logger = LoggerFactory.getLogger(RedisCaptureStore.class);

	private static final Duration KEPT_FOR = Duration.ofDays(1);

	private static final char TYPE_MARK = '#';

	private static final Map<String, EntryType> TYPES = Arrays.stream(EntryType.values())
		.collect(Collectors.toUnmodifiableMap(EntryType::name, Function.identity()));

	// between then add in one round trip (issue #39): the captures in the window before
	// this batch's, then the batch's (score member pairs from ARGV[4], in chunks well
	// below Lua's stack limit), the bound and the expiry
	@SuppressWarnings("rawtypes")
	private static final RedisScript<List> EXCHANGE = RedisScript.of("""
			local found = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], ARGV[2], 'WITHSCORES')
			if #ARGV >= 5 then
			  for i = 5, #ARGV, 400 do
			    redis.call('ZADD', KEYS[1], unpack(ARGV, i, math.min(i + 399, #ARGV)))
			  end
			  redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(tonumber(ARGV[3]) + 1))
			  redis.call('PEXPIRE', KEYS[1], ARGV[4])
			end
			return found""", List.class);

	private final StringRedisTemplate redis;

	private final String keyPrefix;

	private final int perKiosk;

	private final Counter unavailable;

	public RedisCaptureStore(StringRedisTemplate redis, String keyPrefix, int perKiosk, MeterRegistry meters) {
		this.redis = redis;
		this.keyPrefix = keyPrefix;
		this.perKiosk = perKiosk;
		this.unavailable = Counter.builder("eventops.edge.rules.history.unavailable")
			.description("Batches checked without the shared capture history because Redis did not answer")
			.register(meters);
	}

	@Override
	public List<Capture> between(String kioskId, Instant from, Instant through) {
		Set<ZSetOperations.TypedTuple<String>> found;
		try {
			found = this.redis.opsForZSet()
				.rangeByScoreWithScores(key(kioskId), from.toEpochMilli(), through.toEpochMilli());
		}
		catch (RuntimeException ex) {
			fellBack(ex);
			return List.of();
		}
		List<Capture> captures = new ArrayList<>();
		if (found != null) {
			for (var tuple : found) {
				Capture capture = capture(tuple.getValue(), tuple.getScore());
				if (capture != null) {
					captures.add(capture);
				}
			}
		}
		return captures;
	}

	@Override
	public void add(String kioskId, List<Capture> captures) {
		if (captures.isEmpty()) {
			return;
		}
		String key = key(kioskId);
		try {
			// one round trip: the captures, the bound and the expiry
			Set<ZSetOperations.TypedTuple<String>> members = new HashSet<>();
			for (Capture capture : captures) {
				members
					.add(ZSetOperations.TypedTuple.of(member(capture), (double) capture.capturedAt().toEpochMilli()));
			}
			this.redis.executePipelined(new SessionCallback<Object>() {
				@Override
				@SuppressWarnings("unchecked")
				public <K, V> Object execute(RedisOperations<K, V> operations) {
					RedisOperations<String, String> commands = (RedisOperations<String, String>) operations;
					commands.opsForZSet().add(key, members);
					commands.opsForZSet().removeRange(key, 0, -(RedisCaptureStore.this.perKiosk + 1));
					commands.expire(key, KEPT_FOR);
					return null;
				}
			});
		}
		catch (RuntimeException ex) {
			fellBack(ex);
		}
	}

	@Override
	public List<Capture> betweenThenAdd(String kioskId, Instant from, Instant through, List<Capture> captures) {
		// a capture of a seq already kept replaces it, as in add: one member per seq
		Map<String, Capture> members = new java.util.LinkedHashMap<>();
		for (Capture capture : captures) {
			members.put(member(capture), capture);
		}
		List<String> args = new ArrayList<>(4 + 2 * members.size());
		args.add(Long.toString(from.toEpochMilli()));
		args.add(Long.toString(through.toEpochMilli()));
		args.add(Integer.toString(this.perKiosk));
		args.add(Long.toString(KEPT_FOR.toMillis()));
		members.forEach((member, capture) -> {
			args.add(Long.toString(capture.capturedAt().toEpochMilli()));
			args.add(member);
		});
		List<?> found;
		try {
			found = this.redis.execute(EXCHANGE, List.of(key(kioskId)), args.toArray());
		}
		catch (RuntimeException ex) {
			fellBack(ex);
			return List.of();
		}
		List<Capture> known = new ArrayList<>();
		if (found != null) {
			for (int i = 0; i + 1 < found.size(); i += 2) {
				Capture capture = capture(String.valueOf(found.get(i)),
						Double.valueOf(String.valueOf(found.get(i + 1))));
				if (capture != null) {
					known.add(capture);
				}
			}
		}
		return known;
	}

	// A check-in is "seq:attendeeId", as the previous release wrote every member; another
	// kind appends "#TYPE" (an attendee id has no '#'). A replica of the previous release
	// reads such a member as an attendee that no check-in has, so during a rolling
	// deploy it never takes an exit or a refusal for a tap of an admission either.
	private static String member(Capture capture) {
		String member = capture.seq() + ":" + capture.attendeeId();
		return (capture.type() == EntryType.CHECK_IN) ? member : member + TYPE_MARK + capture.type().name();
	}

	private static Capture capture(String member, Double score) {
		int colon = (member != null) ? member.indexOf(':') : -1;
		if (colon <= 0 || score == null) {
			return null;
		}
		long seq = Long.parseLong(member.substring(0, colon));
		String rest = member.substring(colon + 1);
		Instant at = Instant.ofEpochMilli(score.longValue());
		int mark = rest.lastIndexOf(TYPE_MARK);
		if (mark < 0) {
			return new Capture(seq, rest, at, EntryType.CHECK_IN);
		}
		EntryType type = TYPES.get(rest.substring(mark + 1));
		// a kind this release does not know (a newer replica's) is no tap of any entry
		// of this one
		return (type != null) ? new Capture(seq, rest.substring(0, mark), at, type) : null;
	}

	private void fellBack(RuntimeException ex) {
		this.unavailable.increment();
		logger.warn("Capture history without Redis ({}): checking the batch against its own entries", ex.toString());
	}

	// the kiosk id in a hash tag, as every per-kiosk key (ARCHITECTURE: Redis Cluster)
	private String key(String kioskId) {
		return this.keyPrefix + "edge:captures:{" + kioskId + "}";
	}

}
