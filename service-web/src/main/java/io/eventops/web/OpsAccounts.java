package io.eventops.web;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Locale;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.access.hierarchicalroles.RoleHierarchyImpl;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;

/**
 * The HTTP Basic accounts every service has: {@code ops} (role OPS) and {@code admin}
 * (role ADMIN, which includes OPS), with a generated and logged password when none is
 * configured.
 */
public final class OpsAccounts {

	/**
	 * What every service serves without credentials: health, info and metrics (on the
	 * management port where there is one) and the error page.
	 */
	public static final String[] PUBLIC_PATHS = { "/actuator/health/**", "/actuator/health", "/actuator/info",
			"/actuator/prometheus", "/error" };

	private static final Logger logger = LoggerFactory.getLogger(OpsAccounts.class);

	private OpsAccounts() {
	}

	/**
	 * ADMIN includes OPS.
	 * @return the role hierarchy
	 */
	public static RoleHierarchy roleHierarchy() {
		return RoleHierarchyImpl.fromHierarchy("ROLE_ADMIN > ROLE_OPS");
	}

	/**
	 * The two accounts.
	 * @param opsPassword the configured password of {@code ops}, or blank to generate one
	 * @param adminPassword the configured password of {@code admin}, or blank to generate
	 * one
	 * @param encoder the password encoder
	 * @return the accounts
	 */
	public static UserDetailsService users(String opsPassword, String adminPassword, PasswordEncoder encoder) {
		String ops = passwordOrGenerated("ops", opsPassword);
		String admin = passwordOrGenerated("admin", adminPassword);
		return new InMemoryUserDetailsManager(
				User.withUsername("ops").password(encoder.encode(ops)).roles("OPS").build(),
				User.withUsername("admin").password(encoder.encode(admin)).roles("ADMIN").build());
	}

	private static String passwordOrGenerated(String user, String configured) {
		if (configured != null && !configured.isBlank()) {
			return configured;
		}
		byte[] bytes = new byte[18];
		new SecureRandom().nextBytes(bytes);
		String generated = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
		logger.warn("No password configured for user '{}': generated '{}' (set EVENTOPS_{}_PASSWORD to choose one)",
				user, generated, user.toUpperCase(Locale.ROOT));
		return generated;
	}

}
