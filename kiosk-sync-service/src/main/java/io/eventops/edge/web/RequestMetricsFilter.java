package io.eventops.edge.web;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Counts kiosk and admin API responses by status ({@code eventops.edge.requests}); it
 * runs before security so that 401 and 403 are counted too.
 */
class RequestMetricsFilter extends OncePerRequestFilter {

	private final MeterRegistry registry;

	private final Map<Integer, Counter> counters = new ConcurrentHashMap<>();

	RequestMetricsFilter(MeterRegistry registry) {
		this.registry = registry;
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		String uri = request.getRequestURI();
		return !(uri.startsWith("/v1/") || uri.startsWith("/admin/"));
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		try {
			chain.doFilter(request, response);
		}
		finally {
			counter(response.getStatus(), request.getRequestURI().startsWith("/v1/")).increment();
		}
	}

	// registered once per status and API, not built and looked up per request (#39)
	private Counter counter(int status, boolean kiosk) {
		int key = kiosk ? status : -status;
		Counter counter = this.counters.get(key);
		if (counter == null) {
			counter = this.counters.computeIfAbsent(key,
					(k) -> Counter.builder("eventops.edge.requests")
						.description("Kiosk and admin API responses by status")
						.tag("status", Integer.toString(status))
						.tag("api", kiosk ? "kiosk" : "admin")
						.register(this.registry));
		}
		return counter;
	}

}
