package io.eventops.web.login;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Gives back the attempt that {@link LoginThrottleFilter} spent, once Spring Security's
 * Basic authentication accepted the password: only failed logins use up a user's
 * allowances.
 * <p>
 * Placed right after Spring Security's Basic authentication, which ends the chain on a
 * wrong password, so that a request reaches this filter authenticated only when its
 * password was right; and before the request is served, so that a long request does not
 * hold its attempt.
 */
public class LoginSucceededFilter extends OncePerRequestFilter {

	private final SecurityContextHolderStrategy contexts = SecurityContextHolder.getContextHolderStrategy();

	private final LoginThrottle throttle;

	/**
	 * Creates the filter.
	 * @param throttle the shared failure counts
	 */
	public LoginSucceededFilter(LoginThrottle throttle) {
		this.throttle = throttle;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (request.getAttribute(LoginThrottleFilter.SPENT) instanceof LoginThrottleFilter.Attempt attempt) {
			request.removeAttribute(LoginThrottleFilter.SPENT);
			Authentication authentication = this.contexts.getContext().getAuthentication();
			if (authentication instanceof UsernamePasswordAuthenticationToken && authentication.isAuthenticated()) {
				this.throttle.succeeded(attempt.user(), attempt.address());
			}
		}
		chain.doFilter(request, response);
	}

}
