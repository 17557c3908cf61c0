package io.eventops.agent.screen;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Checks the staff PIN against a salted PBKDF2 hash (the PIN itself is not kept), in
 * constant time, and locks the PIN pad for a minute after five wrong PINs in a row so a
 * passer-by cannot try all 10 000 four-digit PINs.
 */
final class StaffPin {

	static final int MAX_FAILURES = 5;

	static final Duration LOCKOUT = Duration.ofMinutes(1);

	private static final int ITERATIONS = 60_000;

	private final byte[] salt = new byte[16];

	private final byte[] hash;

	private final Clock clock;

	private int failures;

	private Instant lockedUntil = Instant.EPOCH;

	StaffPin(String pin, Clock clock) {
		new SecureRandom().nextBytes(this.salt);
		this.hash = derive(pin);
		this.clock = clock;
	}

	/**
	 * Checks a typed PIN.
	 * @param typed what was typed
	 * @return the verdict
	 */
	synchronized Verdict check(String typed) {
		Instant now = this.clock.instant();
		if (now.isBefore(this.lockedUntil)) {
			return new Verdict(false, Duration.between(now, this.lockedUntil));
		}
		boolean right = typed != null && typed.length() <= 12 && MessageDigest.isEqual(this.hash, derive(typed));
		if (right) {
			this.failures = 0;
			return new Verdict(true, null);
		}
		if (++this.failures >= MAX_FAILURES) {
			this.failures = 0;
			this.lockedUntil = now.plus(LOCKOUT);
			return new Verdict(false, LOCKOUT);
		}
		return new Verdict(false, null);
	}

	private byte[] derive(String pin) {
		try {
			return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
				.generateSecret(new PBEKeySpec(pin.toCharArray(), this.salt, ITERATIONS, 256))
				.getEncoded();
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("PBKDF2 is not available", ex);
		}
	}

	/**
	 * A PIN check's result.
	 *
	 * @param accepted whether the PIN was right
	 * @param lockedFor how long the PIN pad stays locked, or {@code null}
	 */
	record Verdict(boolean accepted, Duration lockedFor) {
	}

}
