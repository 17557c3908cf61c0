package io.eventops.web.login;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.stream.IntStream;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import io.eventops.testsupport.RedisServerEndpoint;
import io.eventops.testsupport.TestInfrastructure;
import io.eventops.web.OpsAccounts;
import io.eventops.web.ProblemResponses;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Failed logins are counted per user at each address and per user from every address, in
 * real Redis: a flood of wrong passwords for one user at a venue's NAT address never
 * locks out another user at that address (issue #37, finding 1), and a user whose guesses
 * come from many addresses is refused everywhere once {@code max-failures-per-user} is
 * spent. The requests pass the throttle's two filters around Spring Security's own Basic
 * authentication, as in every service's chain.
 */
class LoginThrottlePerUserTests {

	private static final int PER_ADDRESS = 10;

	private static final int PER_USER = 25;

	private static final String NAT = "203.0.113.10";

	private static final String OPS_PASSWORD = "ops-password-for-tests";

	private static final String ADMIN_PASSWORD = "admin-password-for-tests";

	private LettuceConnectionFactory connections;

	private LoginThrottle throttle;

	private SimpleMeterRegistry meters;

	private final ProblemResponses problems = new ProblemResponses(JsonMapper.builder().build());

	private ProviderManager passwords;

	@BeforeEach
	void throttleOnRealRedis() {
		RedisServerEndpoint server = TestInfrastructure.redis();
		this.connections = server.cluster()
				? new LettuceConnectionFactory(new RedisClusterConfiguration(server.clusterNodes()))
				: new LettuceConnectionFactory(new RedisStandaloneConfiguration(server.host(), server.port()));
		this.connections.afterPropertiesSet();
		this.connections.start();
		this.meters = new SimpleMeterRegistry();
		// a generous Redis timeout: on a loaded machine a first connection may take
		// seconds, and the throttle would fail open for its backoff
		this.throttle = new LoginThrottle(this.connections,
				new LoginThrottleProperties(true, PER_ADDRESS, PER_USER, Duration.ofHours(1), Duration.ofSeconds(10)),
				TestInfrastructure.freshRedisNamespace(), this.meters);
		BCryptPasswordEncoder encoder = new BCryptPasswordEncoder(4);
		DaoAuthenticationProvider provider = new DaoAuthenticationProvider(
				OpsAccounts.users(OPS_PASSWORD, ADMIN_PASSWORD, encoder));
		provider.setPasswordEncoder(encoder);
		this.passwords = new ProviderManager(provider);
	}

	@AfterEach
	void close() {
		this.connections.destroy();
	}

	@Test
	void aFloodOfWrongPasswordsForOpsAtTheNatAddressLeavesAdminThere() throws Exception {
		List<Integer> flood = IntStream.range(0, 40).mapToObj((guess) -> login("ops", "wrong", NAT)).toList();
		assertThat(flood.subList(0, PER_ADDRESS)).containsOnly(401);
		assertThat(flood.subList(PER_ADDRESS, flood.size())).containsOnly(429);
		// ops is refused at that address, even with the right password
		assertThat(login("ops", OPS_PASSWORD, NAT)).isEqualTo(429);
		// admin at the same address is not: it logs in, and a mistyped password of its
		// own is checked (401), not refused
		assertThat(login("admin", ADMIN_PASSWORD, NAT)).isEqualTo(200);
		assertThat(login("admin", "mistyped", NAT)).isEqualTo(401);
		assertThat(login("admin", ADMIN_PASSWORD, NAT)).isEqualTo(200);
		// ops from another address still has its allowance there (10 of 25 spent)
		assertThat(login("ops", OPS_PASSWORD, "198.51.100.7")).isEqualTo(200);
		assertThat(this.meters.get("eventops.security.login.throttled").counter().count()).isEqualTo(31);
	}

	@Test
	void opsIsRefusedFromEveryAddressOnceItsPerUserAllowanceIsSpent() throws Exception {
		// 25 failures for ops spread over three addresses, none of them over its own ten
		for (String address : List.of("198.51.100.1", "198.51.100.2")) {
			for (int guess = 0; guess < PER_ADDRESS; guess++) {
				assertThat(login("ops", "wrong", address)).isEqualTo(401);
			}
		}
		for (int guess = 0; guess < PER_USER - 2 * PER_ADDRESS; guess++) {
			assertThat(login("ops", "wrong", "198.51.100.3")).isEqualTo(401);
		}
		// a fourth address that never failed: ops is refused there too, with the right
		// password, and the spelling of the name does not give it another allowance
		MockHttpServletResponse refused = exchange("ops", OPS_PASSWORD, "198.51.100.4");
		assertThat(refused.getStatus()).isEqualTo(429);
		assertThat(refused.getContentAsString()).contains("login-throttled").contains("for this user");
		assertThat(Long.parseLong(refused.getHeader("Retry-After"))).isBetween(1L, 3600L);
		assertThat(login("OPS", OPS_PASSWORD, "198.51.100.5")).isEqualTo(429);
		// admin from those addresses is not affected
		assertThat(login("admin", ADMIN_PASSWORD, "198.51.100.3")).isEqualTo(200);
		assertThat(login("admin", ADMIN_PASSWORD, "198.51.100.4")).isEqualTo(200);
	}

	@Test
	void aRightPasswordGivesBackItsAttemptToBothAllowances() throws Exception {
		for (int login = 0; login < 3 * PER_USER; login++) {
			assertThat(login("ops", OPS_PASSWORD, "198.51.100." + (login % 5 + 20))).isEqualTo(200);
		}
		for (int guess = 0; guess < PER_ADDRESS; guess++) {
			assertThat(login("ops", "wrong", NAT)).isEqualTo(401);
		}
		assertThat(login("ops", "wrong", NAT)).isEqualTo(429);
	}

	private int login(String user, String password, String address) {
		return exchange(user, password, address).getStatus();
	}

	// the throttle, Spring Security's Basic authentication and the refund, then the
	// request is served (200); a wrong password ends at Basic's entry point (401)
	private MockHttpServletResponse exchange(String user, String password, String address) {
		MockHttpServletRequest request = new MockHttpServletRequest("GET", "/admin/v1/rejections");
		request.setRemoteAddr(address);
		request.addHeader("Authorization", "Basic "
				+ Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
		MockHttpServletResponse response = new MockHttpServletResponse();
		BasicAuthenticationFilter basic = new BasicAuthenticationFilter(this.passwords,
				(req, res, ex) -> res.sendError(401));
		HttpServlet served = new HttpServlet() {
			@Override
			protected void service(HttpServletRequest req, HttpServletResponse res) {
				res.setStatus(200);
			}
		};
		try {
			new MockFilterChain(served, new LoginThrottleFilter(this.throttle, this.problems), basic,
					new LoginSucceededFilter(this.throttle))
				.doFilter(request, response);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
		finally {
			SecurityContextHolder.clearContext();
		}
		return response;
	}

}
