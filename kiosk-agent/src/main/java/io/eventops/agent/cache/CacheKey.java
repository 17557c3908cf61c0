package io.eventops.agent.cache;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.EnumSet;
import java.util.Set;

import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * The key that encrypts the cache's personal data at rest (#38): 256 random bits in a
 * file of its own, never inside the SQLite file, created on first use readable and
 * writable by the agent's user only ({@code 600}); a key file that others may read is
 * refused, as ssh refuses such a private key.
 */
final class CacheKey {

	private static final Set<PosixFilePermission> OWNER_ONLY = EnumSet.of(PosixFilePermission.OWNER_READ,
			PosixFilePermission.OWNER_WRITE);

	private CacheKey() {
	}

	/**
	 * Reads the key file, creating it with a fresh key when it does not exist.
	 * @param file the key file
	 * @return the AES key
	 * @throws IllegalStateException when the file cannot be read or created, is not a
	 * key, or others than its owner may access it
	 */
	static SecretKey loadOrCreate(Path file) {
		try {
			if (!Files.exists(file)) {
				create(file);
			}
			if (posix(file)) {
				Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
				if (!OWNER_ONLY.containsAll(permissions)) {
					throw new IllegalStateException("The cache key file " + file + " may be accessed by others ("
							+ PosixFilePermissions.toString(permissions) + "): chmod 600 it");
				}
			}
			byte[] key = Base64.getDecoder().decode(Files.readString(file, StandardCharsets.US_ASCII).strip());
			if (key.length != 32) {
				throw new IllegalStateException("The cache key file " + file + " does not hold a 256-bit key");
			}
			return new SecretKeySpec(key, "AES");
		}
		catch (IOException | IllegalArgumentException ex) {
			throw new IllegalStateException("Cannot read the cache key file " + file + ": " + ex.getMessage(), ex);
		}
	}

	// written beside and linked into place, so a crash never leaves half a key
	private static void create(Path file) throws IOException {
		byte[] key = new byte[32];
		new SecureRandom().nextBytes(key);
		Path directory = file.toAbsolutePath().getParent();
		Files.createDirectories(directory);
		Path temporary = posix(directory)
				? Files.createTempFile(directory, ".cache-key", ".tmp",
						PosixFilePermissions.asFileAttribute(OWNER_ONLY))
				: Files.createTempFile(directory, ".cache-key", ".tmp");
		try {
			Files.writeString(temporary, Base64.getEncoder().encodeToString(key) + "\n", StandardCharsets.US_ASCII);
			try {
				// a link fails if the file exists: a key another process made first is
				// never replaced (a rename would replace it)
				Files.createLink(file, temporary);
			}
			catch (UnsupportedOperationException ex) {
				Files.move(temporary, file);
			}
		}
		catch (FileAlreadyExistsException ex) {
			// another agent process created it first: use that one
		}
		finally {
			Files.deleteIfExists(temporary);
		}
	}

	private static boolean posix(Path path) {
		return path.getFileSystem().supportedFileAttributeViews().contains("posix");
	}

}
