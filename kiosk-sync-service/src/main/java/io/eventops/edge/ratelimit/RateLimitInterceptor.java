package io.eventops.edge.ratelimit;

import io.eventops.edge.kiosk.KioskPrincipal;
import io.eventops.edge.web.EdgeException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Refuses a kiosk's request with 429 and {@code Retry-After} when it is over its rate,
 * before its body is read.
 */
class RateLimitInterceptor implements HandlerInterceptor {

	private final KioskRateLimiter limiter;

	RateLimitInterceptor(KioskRateLimiter limiter) {
		this.limiter = limiter;
	}

	@Override
	public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication != null && authentication.getPrincipal() instanceof KioskPrincipal kiosk) {
			this.limiter.acquire(kiosk.kioskId()).ifPresent((wait) -> {
				throw EdgeException.rateLimited(wait);
			});
		}
		return true;
	}

}
