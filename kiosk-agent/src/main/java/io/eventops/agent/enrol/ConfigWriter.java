package io.eventops.agent.enrol;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Properties;

/**
 * Writes the kiosk's configuration file in two steps around the redeeming of the code: a
 * temporary file beside it, created exclusively and readable by its owner only, proves
 * before the code is used that the file can be written; after the redeem the settings go
 * into it, it is fsynced and linked into place without overwriting anything, and the
 * directory is fsynced. A crash at any point leaves either no configuration (the
 * first-run page shows again) or a complete one, never an empty or half-written file.
 */
final class ConfigWriter {

	private final Path target;

	private final Path temporary;

	private final Path created;

	private ConfigWriter(Path target, Path temporary, Path created) {
		this.target = target;
		this.temporary = temporary;
		this.created = created;
	}

	/**
	 * Creates the temporary file beside the configuration.
	 * @param target where the configuration goes
	 * @return the writer, holding the temporary file
	 * @throws IOException when the configuration's directory cannot be created or written
	 */
	static ConfigWriter prepare(Path target) throws IOException {
		Path absolute = target.toAbsolutePath();
		Path directory = absolute.getParent();
		// the outermost directory this creates, removed again when nothing is written
		Path created = null;
		for (Path ancestor = directory; ancestor != null
				&& Files.notExists(ancestor); ancestor = ancestor.getParent()) {
			created = ancestor;
		}
		Files.createDirectories(directory);
		String prefix = "." + absolute.getFileName() + ".";
		Path temporary;
		try {
			temporary = Files.createTempFile(directory, prefix, ".tmp",
					PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
		}
		catch (UnsupportedOperationException ex) {
			// not a POSIX file system: the directory's own access rules apply
			temporary = Files.createTempFile(directory, prefix, ".tmp");
		}
		return new ConfigWriter(absolute, temporary, created);
	}

	/**
	 * The temporary file (tests).
	 * @return its path
	 */
	Path temporary() {
		return this.temporary;
	}

	/**
	 * Writes the settings and puts the file in place.
	 * @param settings the configuration
	 * @param comment the file's first line
	 * @throws IllegalArgumentException when a configuration appeared in the meantime (it
	 * is left as it is)
	 * @throws UncheckedIOException when writing fails (the temporary file is removed)
	 */
	void commit(Properties settings, String comment) {
		try {
			try (FileChannel channel = FileChannel.open(this.temporary, StandardOpenOption.WRITE,
					StandardOpenOption.TRUNCATE_EXISTING)) {
				Writer out = new OutputStreamWriter(Channels.newOutputStream(channel), StandardCharsets.UTF_8);
				settings.store(out, comment);
				out.flush();
				channel.force(true);
			}
			place();
			syncDirectory();
		}
		catch (FileAlreadyExistsException ex) {
			discard();
			throw new IllegalArgumentException(this.target + " exists: this kiosk is enrolled already");
		}
		catch (IOException ex) {
			discard();
			throw new UncheckedIOException("Cannot write " + this.target + ": " + ex.getMessage(), ex);
		}
	}

	// a hard link never replaces an existing file; where links are not supported, a
	// move without REPLACE_EXISTING does the same (not atomically against a racing
	// writer, but never over a file that is there)
	private void place() throws IOException {
		try {
			Files.createLink(this.target, this.temporary);
		}
		catch (FileAlreadyExistsException ex) {
			throw ex;
		}
		catch (UnsupportedOperationException | FileSystemException ex) {
			Files.move(this.temporary, this.target);
			return;
		}
		Files.deleteIfExists(this.temporary);
	}

	// the new directory entry survives a power loss
	private void syncDirectory() {
		try (FileChannel directory = FileChannel.open(this.target.getParent(), StandardOpenOption.READ)) {
			directory.force(true);
		}
		catch (IOException ex) {
			// a file system that cannot open a directory (not POSIX): the file itself is
			// synced
		}
	}

	/**
	 * Removes the temporary file, and the directories {@link #prepare} created for it;
	 * the configuration was not written.
	 */
	void discard() {
		try {
			Files.deleteIfExists(this.temporary);
			if (this.created != null) {
				for (Path directory = this.temporary.getParent(); directory != null
						&& directory.startsWith(this.created); directory = directory.getParent()) {
					Files.deleteIfExists(directory);
				}
			}
		}
		catch (IOException ex) {
			System.err.println("kiosk-agent: cannot remove " + this.temporary + ": " + ex.getMessage());
		}
	}

}
