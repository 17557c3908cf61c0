package io.eventops.edge.kiosk;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import io.eventops.testsupport.RedisServerEndpoint;
import jakarta.servlet.Filter;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;

/**
 * Counts what one kiosk request of an edge replica costs in round trips (issue #39): a
 * source of its own for a replica started by the test ({@code spring.main.sources}), not
 * a {@code @Configuration}, so that no other test context scans it. Every JDBC statement
 * and every commit or rollback on a request's thread is one round trip to PostgreSQL;
 * Redis commands are counted by {@link RedisMonitor}.
 */
public class RoundTripCounting {

	/** What the replica's request threads sent to PostgreSQL, in order. */
	static final List<String> STATEMENTS = new CopyOnWriteArrayList<>();

	private static final ThreadLocal<Boolean> IN_REQUEST = new ThreadLocal<>();

	@Bean
	static BeanPostProcessor countingDataSource() {
		return new BeanPostProcessor() {
			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				if (bean instanceof DataSource source && "dataSource".equals(beanName)) {
					return ProxyDataSourceBuilder.create(source).afterQuery((execution, queries) -> {
						if (Boolean.TRUE.equals(IN_REQUEST.get())) {
							// a JDBC batch is one round trip
							STATEMENTS.add(queries.get(0).getQuery().strip().replaceAll("\\s+", " "));
						}
					}).afterMethod((execution) -> {
						String method = execution.getMethod().getName();
						if (Boolean.TRUE.equals(IN_REQUEST.get())
								&& ("commit".equals(method) || "rollback".equals(method))) {
							STATEMENTS.add(method.toUpperCase());
						}
					}).build();
				}
				return bean;
			}
		};
	}

	@Bean
	FilterRegistrationBean<Filter> requestThreads() {
		FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>((request, response, chain) -> {
			IN_REQUEST.set(true);
			try {
				chain.doFilter(request, response);
			}
			finally {
				IN_REQUEST.remove();
			}
		});
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
		return registration;
	}

	/**
	 * Redis's MONITOR on a connection of its own: every command a client sent (commands a
	 * script ran are not round trips and are left out) whose arguments name a key
	 * namespace.
	 */
	static final class RedisMonitor implements AutoCloseable {

		private final RedisServerEndpoint redis;

		private final Socket socket;

		private final BufferedReader lines;

		RedisMonitor(RedisServerEndpoint redis) {
			this.redis = redis;
			try {
				this.socket = new Socket(redis.host(), redis.port());
				this.socket.setSoTimeout((int) Duration.ofSeconds(10).toMillis());
				this.lines = new BufferedReader(
						new InputStreamReader(this.socket.getInputStream(), StandardCharsets.UTF_8));
				send(this.socket.getOutputStream(), "MONITOR");
				if (!"+OK".equals(this.lines.readLine())) {
					throw new IllegalStateException("MONITOR refused");
				}
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

		/**
		 * The commands seen since the last call that name the namespace, up to a marker
		 * this call sends, so that nothing sent before it is missed.
		 * @param namespace the key prefix
		 * @return the commands, as MONITOR shows them
		 */
		List<String> commands(String namespace) {
			String marker = "round-trip-marker-" + UUID.randomUUID();
			List<String> commands = new ArrayList<>();
			try (Socket other = new Socket(this.redis.host(), this.redis.port())) {
				send(other.getOutputStream(), "ECHO", marker);
				other.getInputStream().read(new byte[256]);
				String line;
				while ((line = this.lines.readLine()) != null && !line.contains(marker)) {
					// +1733330000.123456 [0 127.0.0.1:51234] "GET" "key" (a script's: [0
					// lua])
					if (line.contains(namespace) && !line.contains(" lua] ")) {
						commands.add(line.substring(line.indexOf(']') + 2));
					}
				}
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			return commands;
		}

		private static void send(OutputStream out, String... arguments) throws IOException {
			StringBuilder command = new StringBuilder("*").append(arguments.length).append("\r\n");
			for (String argument : arguments) {
				command.append('$')
					.append(argument.getBytes(StandardCharsets.UTF_8).length)
					.append("\r\n")
					.append(argument)
					.append("\r\n");
			}
			out.write(command.toString().getBytes(StandardCharsets.UTF_8));
			out.flush();
		}

		@Override
		public void close() throws IOException {
			this.socket.close();
		}

	}

}
