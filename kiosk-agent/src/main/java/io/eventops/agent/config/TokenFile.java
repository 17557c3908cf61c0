package io.eventops.agent.config;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * Replaces the token in an agent's configuration file (issue #37) atomically: the file is
 * written anew beside the old one, readable by its owner only (as {@code enroll} writes
 * it), forced to disk and moved over it, so that a crash leaves the old file or the new
 * one, never half of either; every other line stays as it was.
 */
public final class TokenFile {

	private TokenFile() {
	}

	/**
	 * Writes a new token into the file.
	 * @param file the configuration file
	 * @param token the new token
	 * @throws IOException when it cannot be written (the old file is left as it was)
	 */
	public static void replace(Path file, String token) throws IOException {
		List<String> lines = new ArrayList<>();
		boolean replaced = false;
		for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
			if (!replaced && line.stripLeading().matches("token\\s*[=:].*")) {
				lines.add("token=" + token);
				replaced = true;
			}
			else {
				lines.add(line);
			}
		}
		if (!replaced) {
			lines.add("token=" + token);
		}
		Path directory = file.toAbsolutePath().getParent();
		Path temporary = directory.resolve("." + file.getFileName() + ".new");
		Files.deleteIfExists(temporary);
		try {
			Files.createFile(temporary,
					PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
		}
		catch (UnsupportedOperationException ex) {
			// not a POSIX file system: the directory's own access rules apply
			Files.createFile(temporary);
		}
		try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE,
				StandardOpenOption.TRUNCATE_EXISTING)) {
			channel.write(StandardCharsets.UTF_8.encode(String.join("\n", lines) + "\n"));
			channel.force(true);
		}
		try {
			Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
		}
		catch (AtomicMoveNotSupportedException ex) {
			Files.deleteIfExists(temporary);
			throw ex;
		}
	}

}
