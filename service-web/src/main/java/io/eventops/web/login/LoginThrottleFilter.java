package io.eventops.web.login;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import io.eventops.web.ProblemResponses;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.www.BasicAuthenticationConverter;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Spends one attempt of its user's allowances (at its client address, and from every
 * address) for every request that Spring Security will read as an HTTP Basic login, and
 * refuses it with 429 and {@code Retry-After} when either allowance is spent;
 * {@link LoginSucceededFilter} gives the attempt back once the password was right. A
 * header that Spring Security reads as Basic but cannot decode counts for the user
 * {@code ""}, which no account has.
 * <p>
 * Placed before Spring Security's Basic authentication, so that a refused attempt never
 * reaches the password check, and the attempt is spent before the check, so that parallel
 * guesses get no more checks than the allowance. What counts as Basic is decided by the
 * same {@link BasicAuthenticationConverter} that Spring Security's Basic authentication
 * uses: it accepts {@code Basic} followed by any character (a tab, a colon, ...) in any
 * case, so a check of its own here could be walked around. The address is the request's
 * remote address; behind a load balancer that is the client's only when the service
 * trusts the balancer's forwarding headers ({@code server.forward-headers-strategy}).
 */
public class LoginThrottleFilter extends OncePerRequestFilter {

	/** The request attribute that holds the {@link Attempt} spent by this filter. */
	static final String SPENT = LoginThrottleFilter.class.getName() + ".SPENT";

	/**
	 * An attempt spent before its password was checked.
	 *
	 * @param user the user name the login gave
	 * @param address the client address
	 */
	record Attempt(String user, String address) {
	}

	private final BasicAuthenticationConverter basic = new BasicAuthenticationConverter();

	private final LoginThrottle throttle;

	private final ProblemResponses problems;

	/**
	 * Creates the filter.
	 * @param throttle the shared failure counts
	 * @param problems writes the refusal
	 */
	public LoginThrottleFilter(LoginThrottle throttle, ProblemResponses problems) {
		this.throttle = throttle;
		this.problems = problems;
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		return userOfBasic(request) == null;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		Attempt attempt = new Attempt(userOfBasic(request), request.getRemoteAddr());
		Optional<Duration> wait = this.throttle.spendAttempt(attempt.user(), attempt.address());
		if (wait.isPresent()) {
			long seconds = Math.max(1, (wait.get().toMillis() + 999) / 1000);
			response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
			this.problems.write(response, HttpStatus.TOO_MANY_REQUESTS, "login-throttled", "Too many failed logins",
					"Too many failed logins for this user; try again in " + seconds + " s.", null);
			return;
		}
		request.setAttribute(SPENT, attempt);
		chain.doFilter(request, response);
	}

	// null: no Basic header at all; "": Basic, but malformed (Spring Security answers it
	// 401, so it is a failed login too)
	private String userOfBasic(HttpServletRequest request) {
		try {
			UsernamePasswordAuthenticationToken login = this.basic.convert(request);
			return (login != null) ? login.getName() : null;
		}
		catch (AuthenticationException ex) {
			return "";
		}
	}

}
