package io.eventops.web.login;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

import io.eventops.web.ProblemResponses;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses an HTTP Basic login with 429 and {@code Retry-After} while its client address
 * is over its allowance of failed logins, and counts every login answered 401 against it
 * (when the status is set, before the answer leaves).
 * <p>
 * Placed before Spring Security's Basic authentication, so that a refused attempt never
 * reaches the password check. The address is the request's remote address; behind a load
 * balancer that is the client's only when the service trusts the balancer's forwarding
 * headers ({@code server.forward-headers-strategy}).
 */
public class LoginThrottleFilter extends OncePerRequestFilter {

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
		String authorization = request.getHeader(HttpHeaders.AUTHORIZATION);
		return authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6);
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String address = request.getRemoteAddr();
		Optional<Duration> wait = this.throttle.waitBeforeNextAttempt(address);
		if (wait.isPresent()) {
			long seconds = Math.max(1, (wait.get().toMillis() + 999) / 1000);
			response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
			this.problems.write(response, HttpStatus.TOO_MANY_REQUESTS, "login-throttled", "Too many failed logins",
					"Too many failed logins from this address; try again in " + seconds + " s.", null);
			return;
		}
		chain.doFilter(request, new FailureCountingResponse(response, () -> this.throttle.failed(address)));
	}

	/**
	 * Counts the failure when the 401 status is set, before any byte of the answer is
	 * sent: counted after the answer, a client's next attempt could overtake it.
	 */
	private static final class FailureCountingResponse extends HttpServletResponseWrapper {

		private final Runnable onUnauthorized;

		private boolean counted;

		FailureCountingResponse(HttpServletResponse response, Runnable onUnauthorized) {
			super(response);
			this.onUnauthorized = onUnauthorized;
		}

		@Override
		public void setStatus(int status) {
			count(status);
			super.setStatus(status);
		}

		@Override
		public void sendError(int status) throws IOException {
			count(status);
			super.sendError(status);
		}

		@Override
		public void sendError(int status, String message) throws IOException {
			count(status);
			super.sendError(status, message);
		}

		private void count(int status) {
			if (status == HttpStatus.UNAUTHORIZED.value() && !this.counted) {
				this.counted = true;
				this.onUnauthorized.run();
			}
		}

	}

}
