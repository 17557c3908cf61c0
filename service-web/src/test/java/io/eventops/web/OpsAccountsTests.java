package io.eventops.web;

import java.util.List;
import java.util.stream.Stream;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A service without configured passwords says so in its log, but never logs a password:
 * service logs are shipped and kept where secrets must not be.
 */
class OpsAccountsTests {

	private final PasswordEncoder encoder = PasswordEncoderFactories.createDelegatingPasswordEncoder();

	private final Logger logger = (Logger) LoggerFactory.getLogger(OpsAccounts.class);

	private final ListAppender<ILoggingEvent> logged = new ListAppender<>();

	@BeforeEach
	void listen() {
		this.logged.start();
		this.logger.addAppender(this.logged);
	}

	@AfterEach
	void stopListening() {
		this.logger.detachAppender(this.logged);
	}

	@Test
	void noPasswordConfiguredIsWarnedAboutWithoutLoggingAPassword() {
		UserDetailsService users = OpsAccounts.users("", " ", this.encoder);

		List<String> messages = this.logged.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
		assertThat(messages).hasSize(2)
			.anySatisfy((message) -> assertThat(message).contains("'ops'").contains("EVENTOPS_OPS_PASSWORD"))
			.anySatisfy((message) -> assertThat(message).contains("'admin'").contains("EVENTOPS_ADMIN_PASSWORD"));
		// no word of any message (quotes stripped) is a password of either account
		List<String> words = messages.stream()
			.flatMap((message) -> Stream.of(message.split("[\\s()]+")))
			.map((word) -> word.replaceAll("^['\"]+|['\":,.]+$", ""))
			.toList();
		for (String user : List.of("ops", "admin")) {
			String hash = users.loadUserByUsername(user).getPassword();
			assertThat(words).as(user).noneMatch((word) -> this.encoder.matches(word, hash));
		}
	}

	@Test
	void configuredPasswordsAreUsedAndNothingIsLogged() {
		UserDetailsService users = OpsAccounts.users("ops-secret", "admin-secret", this.encoder);

		assertThat(this.encoder.matches("ops-secret", users.loadUserByUsername("ops").getPassword())).isTrue();
		assertThat(this.encoder.matches("admin-secret", users.loadUserByUsername("admin").getPassword())).isTrue();
		assertThat(this.logged.list).isEmpty();
	}

}
