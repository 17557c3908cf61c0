package io.eventops.web.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Authenticates the edge on {@code /internal/**} by the shared internal token (role
 * {@code INTERNAL}), compared in constant time: a hash-per-request password check would
 * cost more than the batch it guards. Without a configured token nothing internal is
 * allowed.
 */
public class InternalTokenFilter extends OncePerRequestFilter {

	private final byte[] token;

	/**
	 * A filter for one token.
	 * @param token the service's {@code eventops.security.internal-token}; empty refuses
	 * every internal call
	 */
	public InternalTokenFilter(String token) {
		this.token = token.getBytes(StandardCharsets.UTF_8);
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		return !request.getRequestURI().startsWith("/internal/");
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String header = request.getHeader("Authorization");
		if (this.token.length > 0 && header != null && header.startsWith("Bearer ")) {
			byte[] presented = header.substring(7).trim().getBytes(StandardCharsets.UTF_8);
			if (MessageDigest.isEqual(presented, this.token)) {
				SecurityContextHolder.getContext()
					.setAuthentication(UsernamePasswordAuthenticationToken.authenticated("edge", null,
							List.of(new SimpleGrantedAuthority("ROLE_INTERNAL"))));
			}
		}
		chain.doFilter(request, response);
	}

}
