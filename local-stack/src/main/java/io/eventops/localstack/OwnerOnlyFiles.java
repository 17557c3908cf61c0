package io.eventops.localstack;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes the local stack's secrets (passwords, the internal token, the demo kiosk's
 * token) so that only the owner can read them, also when the file existed with looser
 * permissions.
 */
final class OwnerOnlyFiles {

	private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

	private OwnerOnlyFiles() {
	}

	static void write(Path file, String content) throws IOException {
		Files.createDirectories(file.toAbsolutePath().getParent());
		boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
		if (posix && !Files.exists(file)) {
			// created without read bits for group and others, so there is no window in
			// which
			// another user could open it
			Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
		}
		if (posix) {
			Files.setPosixFilePermissions(file, OWNER_ONLY);
		}
		Files.writeString(file, content);
	}

}
