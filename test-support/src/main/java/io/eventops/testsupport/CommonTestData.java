package io.eventops.testsupport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The test data every service's {@code TestData} shares (each extends this class): the
 * test accounts' passwords and the internal token, ids unique per call (so tests sharing
 * a database never collide) and attendees registered straight in the reconciler's
 * registry.
 */
public class CommonTestData {

	/** The password of the test account {@code ops}. */
	public static final String OPS_PASSWORD = "ops-test-password";

	/** The password of the test account {@code admin}. */
	public static final String ADMIN_PASSWORD = "admin-test-password";

	/** The internal token the services of a test present to each other. */
	public static final String INTERNAL_TOKEN = "test-internal-token-0123456789";

	protected CommonTestData() {
	}

	/**
	 * The settings that give a service the test accounts and the internal token.
	 * @return {@code eventops.security.*} by name
	 */
	public static Map<String, Object> credentials() {
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put("eventops.security.internal-token", INTERNAL_TOKEN);
		properties.put("eventops.security.ops-password", OPS_PASSWORD);
		properties.put("eventops.security.admin-password", ADMIN_PASSWORD);
		return properties;
	}

	/**
	 * An id unique to this call.
	 * @param prefix what the id starts with
	 * @return {@code prefix-} and eight hex digits
	 */
	public static String unique(String prefix) {
		return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
	}

	/**
	 * A kiosk id unique to this call.
	 * @return an id that satisfies {@code [a-z0-9][a-z0-9-]{1,31}}
	 */
	public static String kiosk() {
		return unique("k");
	}

	/**
	 * Registers attendees straight in the reconciler's registry.
	 * @param jdbc the database that holds the reconciler's schema
	 * @param eventId the event, created when missing
	 * @param count how many
	 * @return their ids
	 */
	public static List<String> attendees(JdbcTemplate jdbc, String eventId, int count) {
		jdbc.update("INSERT INTO reconciler.events (event_id) VALUES (?) ON CONFLICT DO NOTHING", eventId);
		List<String> ids = new ArrayList<>();
		String prefix = unique("att").replace('-', '_');
		for (int i = 0; i < count; i++) {
			ids.add(prefix + "_" + i);
		}
		jdbc.update("""
				INSERT INTO reconciler.attendees (attendee_id, event_id, display_name, company, tier)
				SELECT id, ?, 'Name ' || id, 'ACME', 'STANDARD' FROM unnest(?::text[]) AS id""", eventId,
				ids.toArray(new String[0]));
		return ids;
	}

}
