package io.eventops.model.express;

import java.util.random.RandomGenerator;

/**
 * Reads an express code the way a person types it at a busy desk: Crockford's base32,
 * case-insensitive, hyphens and spaces ignored, {@code I} and {@code L} read as {@code 1}
 * and {@code O} as {@code 0}. Issued codes are already canonical, so issuing, storing,
 * looking up and replacing all agree on one spelling.
 */
public final class ExpressCodeText {

	/** The characters of a canonical code: Crockford's base32 (no I, L, O, U). */
	public static final String ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

	/** How many characters an issued code has. */
	public static final int LENGTH = 10;

	// what someone may type around a code: grouping and a little slack, not an essay
	private static final int MAX_TYPED_LENGTH = 64;

	private ExpressCodeText() {
	}

	/**
	 * A new canonical code: {@value #LENGTH} characters drawn uniformly from
	 * {@link #ALPHABET} (50 bits). The express codes of the reconciler and the enrolment
	 * codes of the edge are both issued here, so both read back through
	 * {@link #canonicalOrNull}.
	 * @param random the source of randomness (a {@code SecureRandom} for issued codes)
	 * @return the code
	 */
	public static String newCode(RandomGenerator random) {
		char[] code = new char[LENGTH];
		for (int i = 0; i < code.length; i++) {
			code[i] = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
		}
		return new String(code);
	}

	/**
	 * The canonical spelling of a typed code.
	 * @param typed the code as typed
	 * @return the canonical code, or {@code null} when the text cannot be an express code
	 * (another character, or not {@value #LENGTH} code characters)
	 */
	public static String canonicalOrNull(String typed) {
		if (typed == null || typed.length() > MAX_TYPED_LENGTH) {
			return null;
		}
		StringBuilder canonical = new StringBuilder(LENGTH);
		for (int i = 0; i < typed.length(); i++) {
			char c = typed.charAt(i);
			if (c == '-' || c == ' ') {
				continue;
			}
			// ASCII only: Character.toUpperCase would read a dotless i or a long s as I
			// or S
			char read = (c < 128) ? read(Character.toUpperCase(c)) : 0;
			if (read == 0 || canonical.length() == LENGTH) {
				return null;
			}
			canonical.append(read);
		}
		return (canonical.length() == LENGTH) ? canonical.toString() : null;
	}

	private static char read(char upper) {
		return switch (upper) {
			case 'I', 'L' -> '1';
			case 'O' -> '0';
			default -> (ALPHABET.indexOf(upper) >= 0) ? upper : 0;
		};
	}

}
