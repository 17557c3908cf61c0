package io.eventops.edge.passthrough;

import java.security.SecureRandom;
import java.util.List;
import java.util.Locale;

import io.eventops.model.express.ExpressCodeText;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Test express codes, issued straight into the reconciler's table as the admin API would,
 * and the ways people type them.
 */
final class ExpressCodes {

	private static final SecureRandom random = new SecureRandom();

	private ExpressCodes() {
	}

	static String issue(JdbcTemplate jdbc, String eventId, List<String> attendees) {
		StringBuilder code = new StringBuilder();
		for (int i = 0; i < ExpressCodeText.LENGTH; i++) {
			code.append(ExpressCodeText.ALPHABET.charAt(random.nextInt(ExpressCodeText.ALPHABET.length())));
		}
		jdbc.update("""
				INSERT INTO reconciler.express_codes (code, event_id, attendee_ids, expires_at)
				VALUES (?, ?, ?, now() + interval '1 hour')""", code.toString(), eventId,
				attendees.toArray(new String[0]));
		return code.toString();
	}

	/** The path of a redemption, with the code as typed (spaces encoded). */
	static String redeemPath(String kioskId, String typedCode) {
		return "/v1/kiosks/" + kioskId + "/express-codes/" + typedCode.replace(" ", "%20") + "/redeem";
	}

	/** A sloppy but valid typing: lower case, grouped, I/L/O for 1 and 0. */
	static String sloppy(String code) {
		return (code.substring(0, 3) + "-" + code.substring(3, 6) + " " + code.substring(6)).toLowerCase(Locale.ROOT)
			.replace('1', 'l')
			.replace('0', 'o');
	}

}
