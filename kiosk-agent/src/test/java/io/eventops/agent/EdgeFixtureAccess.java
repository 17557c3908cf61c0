package io.eventops.agent;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.eventops.agent.config.AgentConfig;

/**
 * The {@link EdgeFixture} for tests of other packages (the screen's).
 */
public final class EdgeFixtureAccess {

	public static final String EVENT_ID = EdgeFixture.EVENT_ID;

	private EdgeFixtureAccess() {
	}

	public static String newKioskId(String prefix) {
		return EdgeFixture.newKioskId(prefix);
	}

	public static String provision(String kioskId) {
		return EdgeFixture.get().provision(kioskId);
	}

	public static List<String> attendees(String prefix, int count) {
		return EdgeFixture.get().attendees(prefix, count);
	}

	public static AgentConfig config(String kioskId, String token, Path database) {
		return EdgeFixture.get().config(kioskId, token, database);
	}

	/**
	 * An HTTPS proxy in front of the edge (close it after use).
	 * @return the proxy
	 * @throws Exception when it cannot listen
	 */
	public static TlsProxy proxy() throws Exception {
		return new TlsProxy(EdgeFixture.get());
	}

	/**
	 * Runs a statement on the suite's database (to stage a pruned change log).
	 * @param sql the statement
	 */
	public static void execute(String sql) {
		EdgeFixture.get().execute(sql);
	}

	/** Revokes a kiosk at the edge (#37), {@code RETIRE} or {@code LOST}. */
	public static void revoke(String kioskId, String mode) {
		EdgeFixture.get().revoke(kioskId, mode);
	}

	public static Map<Long, String> processed(String kioskId) {
		return EdgeFixture.get().processed(kioskId);
	}

}
