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
 * (role ADMIN, which includes OPS). An account without a configured password gets a
 * random one that is never shown, so it is locked until a password is configured: service
 * logs are shipped and kept where a secret must not be, and the local stack, which prints
 * its generated passwords on its own console, always configures them.
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
	 * @param opsPassword the configured password of {@code ops}, or blank to lock it
	 * @param adminPassword the configured password of {@code admin}, or blank to lock it
	 * @param encoder the password encoder
	 * @return the accounts
	 */
	public static UserDetailsService users(String opsPassword, String adminPassword, PasswordEncoder encoder) {
		String ops = passwordOrLocked("ops", opsPassword);
		String admin = passwordOrLocked("admin", adminPassword);
		return new InMemoryUserDetailsManager(
				User.withUsername("ops").password(encoder.encode(ops)).roles("OPS").build(),
				User.withUsername("admin").password(encoder.encode(admin)).roles("ADMIN").build());
	}

	private static String passwordOrLocked(String user, String configured) {
		if (configured != null && !configured.isBlank()) {
			return configured;
		}
		byte[] bytes = new byte[18];
		new SecureRandom().nextBytes(bytes);
		logger.warn("No password configured for user '{}': the account is locked until EVENTOPS_{}_PASSWORD is set",
				user, user.toUpperCase(Locale.ROOT));
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
	}

}
