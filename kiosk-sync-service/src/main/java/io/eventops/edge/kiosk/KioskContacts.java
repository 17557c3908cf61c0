package io.eventops.edge.kiosk;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

import io.eventops.edge.web.EdgeException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Every contact of a kiosk is a heartbeat (issue #37): the agent's version, its backlog,
 * its free disk and its clock come as request headers, and the edge keeps the latest in
 * {@code edge.kiosks} with the clock offset it computes on arrival, so that every replica
 * lists and gauges the same. A request without them (an older agent) changes only the
 * last contact; a malformed one is refused before anything is applied. A kiosk's row is
 * written at most once per {@code contact-write-interval}: the condition is in the
 * statement, so a storm of flushes costs one write per kiosk per interval on any number
 * of replicas; the token check reads the same condition, and a request whose contact is
 * not due sends no statement at all (issue #39).
 */
@Component
public class KioskContacts implements HandlerInterceptor {

	/** The agent's version, e.g. {@code 0.1.0}. */
	public static final String VERSION = "Kiosk-Agent-Version";

	/** Entries on the device not yet acknowledged. */
	public static final String BACKLOG = "Kiosk-Backlog";

	/** Free bytes on the disk of the kiosk's log. */
	public static final String DISK_FREE = "Kiosk-Disk-Free";

	/** The kiosk's clock when it sent the request, RFC 3339. */
	public static final String CLOCK = "Kiosk-Clock";

	/**
	 * The request attribute that says the kiosk's contact was written within the
	 * {@code contact-write-interval}, as the token check read it in the same request
	 * (issue #39): the heartbeat is still checked, but not written.
	 */
	public static final String CONTACT_RECENT = KioskContacts.class.getName() + ".recent";

	private static final Pattern VERSION_TEXT = Pattern.compile("[A-Za-z0-9._+-]{1,64}");

	private static final String WRITE = """
			UPDATE edge.kiosks SET last_contact_at = now(), agent_version = coalesce(?, agent_version),
			  reported_backlog = coalesce(?, reported_backlog), disk_free_bytes = coalesce(?, disk_free_bytes),
			  clock_offset_ms = coalesce(?, clock_offset_ms)
			WHERE kiosk_id = ? AND (last_contact_at IS NULL OR last_contact_at < now() - make_interval(secs => ?))""";

	private final JdbcTemplate jdbc;

	private final ContactProperties properties;

	private final Clock clock;

	KioskContacts(JdbcTemplate jdbc, ContactProperties properties) {
		this.jdbc = jdbc;
		this.properties = properties;
		this.clock = Clock.systemUTC();
	}

	@Override
	public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication == null || !(authentication.getPrincipal() instanceof KioskPrincipal kiosk)) {
			return true;
		}
		Instant arrived = this.clock.instant();
		String version = request.getHeader(VERSION);
		if (version != null && !VERSION_TEXT.matcher(version).matches()) {
			throw EdgeException.malformedHeartbeat(VERSION, "must be 1 to 64 letters, digits or ._+-");
		}
		Long backlog = count(request, BACKLOG);
		Long diskFree = count(request, DISK_FREE);
		Long offset = null;
		String sent = request.getHeader(CLOCK);
		if (sent != null) {
			try {
				offset = Duration.between(arrived, OffsetDateTime.parse(sent).toInstant()).toMillis();
			}
			catch (DateTimeParseException | ArithmeticException ex) {
				throw EdgeException.malformedHeartbeat(CLOCK, "must be an RFC 3339 time with its offset");
			}
		}
		if (Boolean.TRUE.equals(request.getAttribute(CONTACT_RECENT))) {
			// the statement's own condition would match nothing: no round trip for it
			return true;
		}
		this.jdbc.update(WRITE, version, backlog, diskFree, offset, kiosk.kioskId(),
				this.properties.contactWriteInterval().toMillis() / 1000.0);
		return true;
	}

	private static Long count(HttpServletRequest request, String header) {
		String text = request.getHeader(header);
		if (text == null) {
			return null;
		}
		try {
			long value = Long.parseLong(text);
			if (value >= 0) {
				return value;
			}
		}
		catch (NumberFormatException ex) {
			// refused below
		}
		throw EdgeException.malformedHeartbeat(header, "must be a whole number of at least 0");
	}

}
