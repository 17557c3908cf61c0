package io.eventops.console.security;

import io.eventops.web.OpsAccounts;
import io.eventops.web.ProblemResponses;
import io.eventops.web.login.LoginThrottle;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.csrf.CsrfException;
import org.springframework.security.web.csrf.HttpSessionCsrfTokenRepository;

/**
 * Form login with the suite's accounts, a session per login, CSRF on every change (the
 * token is in the session; the page reads it from {@code /api/me} and sends it in a
 * header), and every refusal an RFC 9457 problem. The static page is open; the API needs
 * {@code OPS} (ADMIN includes OPS), and the services check the rest themselves.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

	/** The paths of the page itself, which anyone may load (it holds no data). */
	static final String[] PAGE = { "/", "/index.html", "/*.js", "/*.css", "/components/*.js", "/messages/*.json",
			"/favicon.ico", "/api/csrf" };

	static final String CONTENT_SECURITY_POLICY = "default-src 'self'; img-src 'self' data:; object-src 'none'; "
			+ "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

	@Bean
	SecurityFilterChain securityFilterChain(HttpSecurity http, UserDetailsService users, PasswordEncoder encoder,
			ProblemResponses problems, LoginThrottle throttle) throws Exception {
		DaoAuthenticationProvider provider = new DaoAuthenticationProvider(users);
		provider.setPasswordEncoder(encoder);
		ProviderManager manager = new ProviderManager(provider);
		// the console calls the services with the user's own password (so they enforce
		// the
		// role themselves): it stays in the authentication, which lives in the session
		manager.setEraseCredentialsAfterAuthentication(false);
		http.authenticationManager(manager)
			// the page loads only its own scripts and styles; the QR of an enrolment is a
			// data URI
			.headers((headers) -> headers.contentSecurityPolicy((csp) -> csp.policyDirectives(CONTENT_SECURITY_POLICY)))
			.csrf((csrf) -> csrf.csrfTokenRepository(new HttpSessionCsrfTokenRepository()))
			.addFilterBefore(new FormLoginThrottleFilter(throttle, problems),
					UsernamePasswordAuthenticationFilter.class)
			.formLogin((login) -> login.loginPage("/")
				.loginProcessingUrl("/login")
				.successHandler((request, response, authentication) -> {
					throttle.succeeded(authentication.getName(), request.getRemoteAddr());
					response.setStatus(HttpStatus.NO_CONTENT.value());
				})
				.failureHandler((request, response, ex) -> problems.write(response, HttpStatus.UNAUTHORIZED,
						"login-failed", "Login failed", "The user name or the password is wrong.", null))
				.permitAll())
			.logout((logout) -> logout.logoutUrl("/logout")
				.logoutSuccessHandler(
						(request, response, authentication) -> response.setStatus(HttpStatus.NO_CONTENT.value())))
			.exceptionHandling((exceptions) -> exceptions.authenticationEntryPoint(problems.unauthorized((r) -> null))
				.accessDeniedHandler((request, response, ex) -> {
					if (ex instanceof CsrfException) {
						problems.write(response, HttpStatus.FORBIDDEN, "csrf", "Missing or invalid CSRF token",
								"The request carries no valid CSRF token; reload the page and try again.", null);
					}
					else {
						problems.write(response, HttpStatus.FORBIDDEN, "forbidden", "Forbidden",
								"Your role does not allow this operation.", null);
					}
				}))
			.authorizeHttpRequests((requests) -> requests.requestMatchers(OpsAccounts.PUBLIC_PATHS)
				.permitAll()
				.requestMatchers(PAGE)
				.permitAll()
				.requestMatchers("/api/**")
				.hasRole("OPS")
				.anyRequest()
				.denyAll());
		return http.build();
	}

	@Bean
	UserDetailsService users(SecurityProperties properties, PasswordEncoder encoder) {
		return OpsAccounts.users(properties.opsPassword(), properties.adminPassword(), encoder);
	}

}
