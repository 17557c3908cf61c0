package io.eventops.edge.kiosk;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Issues kiosk tokens (32 random bytes, base64url) and hashes them for storage.
 */
final class Tokens {

	private static final SecureRandom random = new SecureRandom();

	private Tokens() {
	}

	static String issue() {
		byte[] bytes = new byte[32];
		random.nextBytes(bytes);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
	}

	// SHA-256 is enough: a 256-bit random token cannot be guessed, so a slow hash would
	// only slow down every kiosk request
	static String hash(String token) {
		try {
			return HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is required by every Java platform", ex);
		}
	}

}
