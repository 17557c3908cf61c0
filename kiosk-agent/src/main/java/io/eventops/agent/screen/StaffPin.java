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
 * constant time, and locks the PIN pad after five wrong PINs in a row: for a minute, and
 * each further lock-out without a right PIN in between twice as long, up to an hour. At
 * five guesses an hour, trying half of the million six-digit PINs takes decades; with a
 * lock-out that did not grow it took days.
 */
final class StaffPin {

	static final int MAX_FAILURES = 5;

	static final Duration LOCKOUT = Duration.ofMinutes(1);

	static final Duration MAX_LOCKOUT = Duration.ofHours(1);

	private static final int ITERATIONS = 60_000;

	private final byte[] salt = new byte[16];

	private final byte[] hash;

	private final Clock clock;

	private int failures;

	// lock-outs since the last right PIN
	private int lockouts;

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
			this.lockouts = 0;
			return new Verdict(true, null);
		}
		if (++this.failures >= MAX_FAILURES) {
			this.failures = 0;
			Duration lockout = LOCKOUT.multipliedBy(1L << Math.min(this.lockouts++, 16));
			if (lockout.compareTo(MAX_LOCKOUT) > 0) {
				lockout = MAX_LOCKOUT;
			}
			this.lockedUntil = now.plus(lockout);
			return new Verdict(false, lockout);
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
