package io.eventops.web.login;

import java.time.Duration;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Counts failed logins per user at each client address and per user from every address,
 * in two token buckets kept in Redis, so that every replica of a service refuses the same
 * user after the same number of failures. Every login attempt spends from both buckets of
 * its user before its password is checked, and a login that succeeded gives its attempt
 * back. The buckets are per user so that a flood of wrong passwords for one user never
 * locks out another (a venue's staff share one NAT address, issue #37, finding 1), and a
 * user is also counted across addresses so that guesses spread over many addresses get no
 * more than {@code max-failures-per-user} checks per window.
 * <p>
 * Each spend and refund is one Lua script run ({@code login-attempt.lua}): atomic in
 * Redis without retries. A compare-and-swap bucket (bucket4j's) retried under 200
 * parallel guesses from one address until its Redis timeout passed, and the throttle then
 * failed open: the guesses themselves switched it off (issue #42, item 18).
 * <p>
 * The throttle fails open: when Redis cannot be reached a login is checked without it and
 * {@code eventops_security_login_throttle_unavailable_total} rises, because locking ops
 * out of the admin API in an incident is worse than a few more guesses. After such a
 * failure Redis is not asked again for five seconds, so that an outage costs a login at
 * most one short timeout in that period.
 */
public class LoginThrottle {

	private static final Logger logger = LoggerFactory.getLogger(LoginThrottle.class);

	private static final RedisScript<Long> ATTEMPT = RedisScript
		.of(new ClassPathResource("io/eventops/web/login/login-attempt.lua"), Long.class);

	private static final long BACKOFF_NANOS = Duration.ofSeconds(5).toNanos();

	// longer user names are no account's: they are counted under a digest, so that a key
	// stays short whatever a client sends
	private static final int MAX_USER_IN_KEY = 64;

	private final StringRedisTemplate redis;

	private final LoginThrottleProperties properties;

	private final String keyPrefix;

	private final Counter refused;

	private final Counter unavailable;

	private final Executor calls = Executors.newVirtualThreadPerTaskExecutor();

	// nanoTime until which Redis is not asked (compared by difference: nanoTime may wrap)
	private final AtomicLong unavailableUntil = new AtomicLong(System.nanoTime());

	/**
	 * Creates the throttle.
	 * @param connections Spring's Redis connection factory (standalone or cluster)
	 * @param properties the limits
	 * @param keyPrefix {@code eventops.redis.key-prefix}
	 * @param meters where the refusal and fail-open counters go
	 */
	public LoginThrottle(RedisConnectionFactory connections, LoginThrottleProperties properties, String keyPrefix,
			MeterRegistry meters) {
		this.redis = new StringRedisTemplate(connections);
		this.properties = properties;
		this.keyPrefix = keyPrefix;
		this.refused = Counter.builder("eventops.security.login.throttled")
			.description(
					"HTTP Basic logins refused because their user failed too often, at their address or from every address")
			.register(meters);
		this.unavailable = Counter.builder("eventops.security.login.throttle.unavailable")
			.description("Logins checked without the throttle because Redis could not be reached")
			.register(meters);
	}

	/**
	 * Spends one attempt of a user's allowances (at its address and from every address),
	 * before its password is checked: so that parallel guesses cannot all pass a check
	 * made before any of them failed.
	 * @param user the user name the login gives (as sent; user names are not case
	 * sensitive)
	 * @param address the client address
	 * @return how long it must wait when either allowance is spent (nothing was taken
	 * then), or empty when it may try now
	 */
	public Optional<Duration> spendAttempt(String user, String address) {
		if (!this.properties.enabled()) {
			return Optional.empty();
		}
		Optional<Long> wait = run(user, address, "spend");
		if (wait.isEmpty()) {
			this.unavailable.increment();
			return Optional.empty();
		}
		if (wait.get() <= 0) {
			return Optional.empty();
		}
		this.refused.increment();
		return Optional.of(Duration.ofMillis(wait.get()));
	}

	/**
	 * Gives back the attempt of a login that succeeded: only failures count. A bucket
	 * never holds more than its capacity, so a refund can never raise an allowance beyond
	 * {@code max-failures} or {@code max-failures-per-user}.
	 * @param user the user name the login gave
	 * @param address the client address
	 */
	public void succeeded(String user, String address) {
		if (this.properties.enabled() && run(user, address, "refund").isEmpty()) {
			this.unavailable.increment();
		}
	}

	// the script's answer, or empty when Redis did not answer within redis-timeout
	private Optional<Long> run(String user, String address, String operation) {
		if (System.nanoTime() - this.unavailableUntil.get() < 0) {
			return Optional.empty();
		}
		String tag = "{" + userInKey(user) + "}";
		List<String> keys = List.of(this.keyPrefix + "login:user-address:" + tag + ":" + address,
				this.keyPrefix + "login:user:" + tag);
		try {
			Long answer = CompletableFuture
				.supplyAsync(() -> this.redis.execute(ATTEMPT, keys, Integer.toString(this.properties.maxFailures()),
						Integer.toString(this.properties.maxFailuresPerUser()),
						Long.toString(Math.max(1, this.properties.window().toMillis())), operation), this.calls)
				.get(this.properties.redisTimeout().toNanos(), TimeUnit.NANOSECONDS);
			return Optional.of((answer != null) ? answer : 0L);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Optional.empty();
		}
		catch (ExecutionException | TimeoutException | RuntimeException ex) {
			this.unavailableUntil.set(System.nanoTime() + BACKOFF_NANOS);
			Throwable cause = (ex instanceof ExecutionException) ? ex.getCause() : ex;
			logger.warn("Login throttle unavailable ({}); logins are checked without it for {} ms", cause.toString(),
					BACKOFF_NANOS / 1_000_000);
			return Optional.empty();
		}
	}

	// the user in a hash tag, so that a Redis Cluster keeps both of a login's buckets in
	// one slot for the one script (ARCHITECTURE: names that ops rely on); lower case, as
	// Spring Security's in-memory accounts compare names, so that "OPS" spends ops's
	// allowance; new key names (not login:attempts:{address}), so that old and new
	// replicas of a rolling deploy never read each other's format
	static String userInKey(String user) {
		String name = user.toLowerCase(Locale.ROOT);
		if (name.length() <= MAX_USER_IN_KEY) {
			return name;
		}
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
			return "sha256:" + HexFormat.of().formatHex(digest);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is part of every JDK", ex);
		}
	}

}
