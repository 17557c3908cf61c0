package io.eventops.console.security;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import io.eventops.web.ProblemResponses;
import io.eventops.web.login.LoginThrottle;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Spends one attempt of the suite's login throttle (Redis, shared by every replica and
 * with the services' HTTP Basic logins) before the console checks a form login's
 * password; the success handler gives it back. The console checks passwords itself, so
 * without this its login form would be an unthrottled oracle for the services' accounts.
 */
final class FormLoginThrottleFilter extends OncePerRequestFilter {

	private final LoginThrottle throttle;

	private final ProblemResponses problems;

	FormLoginThrottleFilter(LoginThrottle throttle, ProblemResponses problems) {
		this.throttle = throttle;
		this.problems = problems;
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		return !("POST".equals(request.getMethod()) && "/login".equals(request.getServletPath()));
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String user = request.getParameter("username");
		Optional<Duration> wait = this.throttle.spendAttempt((user != null) ? user : "", request.getRemoteAddr());
		if (wait.isPresent()) {
			long seconds = Math.max(1, (wait.get().toMillis() + 999) / 1000);
			response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
			this.problems.write(response, HttpStatus.TOO_MANY_REQUESTS, "login-throttled", "Too many failed logins",
					"Too many failed logins for this user; try again in " + seconds + " s.", null);
			return;
		}
		chain.doFilter(request, response);
	}

}
