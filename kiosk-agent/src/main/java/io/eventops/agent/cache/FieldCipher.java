package io.eventops.agent.cache;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;

import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Encrypts one personal-data value of the cache with AES-GCM from the JDK (#38): a fresh
 * random 96-bit nonce per value, the row's key and the column as associated data, so that
 * a value copied into another row or column does not open. Stored as one byte of format,
 * the nonce, then the ciphertext with its 128-bit tag. Not thread-safe: the cache calls
 * it under its lock.
 */
final class FieldCipher {

	private static final byte FORMAT = 1;

	private static final int NONCE_BYTES = 12;

	private static final int TAG_BITS = 128;

	private final SecretKey key;

	private final Cipher cipher;

	private final SecureRandom random = new SecureRandom();

	FieldCipher(SecretKey key) {
		this.key = key;
		try {
			this.cipher = Cipher.getInstance("AES/GCM/NoPadding");
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("The JDK offers no AES/GCM", ex);
		}
	}

	/**
	 * Encrypts a value.
	 * @param plaintext the value, may be {@code null}
	 * @param rowKey the row's key (the attendee id)
	 * @param column the column
	 * @return the sealed value, {@code null} for {@code null}
	 */
	byte[] seal(String plaintext, String rowKey, String column) {
		if (plaintext == null) {
			return null;
		}
		byte[] nonce = new byte[NONCE_BYTES];
		this.random.nextBytes(nonce);
		try {
			this.cipher.init(Cipher.ENCRYPT_MODE, this.key, new GCMParameterSpec(TAG_BITS, nonce));
			this.cipher.updateAAD(associatedData(rowKey, column));
			byte[] sealed = this.cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
			return ByteBuffer.allocate(1 + NONCE_BYTES + sealed.length).put(FORMAT).put(nonce).put(sealed).array();
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("Cannot encrypt a cache value", ex);
		}
	}

	/**
	 * Decrypts a value.
	 * @param sealed the sealed value, may be {@code null}
	 * @param rowKey the row's key it was sealed with
	 * @param column the column it was sealed for
	 * @return the value, {@code null} for {@code null}
	 * @throws IllegalStateException when it does not open with this key, row and column
	 */
	String open(byte[] sealed, String rowKey, String column) {
		if (sealed == null) {
			return null;
		}
		if (sealed.length < 1 + NONCE_BYTES + TAG_BITS / 8 || sealed[0] != FORMAT) {
			throw new IllegalStateException("Not a sealed cache value (" + column + " of " + rowKey + ")");
		}
		try {
			this.cipher.init(Cipher.DECRYPT_MODE, this.key, new GCMParameterSpec(TAG_BITS, sealed, 1, NONCE_BYTES));
			this.cipher.updateAAD(associatedData(rowKey, column));
			byte[] plain = this.cipher.doFinal(sealed, 1 + NONCE_BYTES, sealed.length - 1 - NONCE_BYTES);
			return new String(plain, StandardCharsets.UTF_8);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(
					"A cache value does not open with this key (" + column + " of " + rowKey + ")", ex);
		}
	}

	private static byte[] associatedData(String rowKey, String column) {
		return (rowKey + '\u0000' + column).getBytes(StandardCharsets.UTF_8);
	}

}
