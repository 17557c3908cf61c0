package io.eventops.localstack;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;

/**
 * Refuses a data directory that an earlier stack still uses, before anything is started
 * or wiped ({@code --reset}): with one line that names the cause and what to do, instead
 * of the embedded PostgreSQL's stack trace (issue #37, finding 3). Two ways a stack still
 * holds it: its launcher runs and holds the embedded PostgreSQL's lock file
 * ({@code postgres/epg-lock}, locked for as long as that JVM runs), or its launcher is
 * gone (killed) and its PostgreSQL still runs, named in {@code postgres/postmaster.pid}.
 */
final class DataDirectoryInUse extends IOException {

	// the embedded PostgreSQL's own lock file (zonky's EmbeddedPostgres)
	static final String LOCK_FILE = "epg-lock";

	private DataDirectoryInUse(String message) {
		super(message);
	}

	/**
	 * Checks that no earlier stack uses the data directory; changes nothing.
	 * @param dataDir the stack's data directory
	 * @throws DataDirectoryInUse when one does
	 * @throws IOException when the lock file cannot be read
	 */
	static void check(Path dataDir) throws IOException {
		Path pgData = dataDir.resolve("postgres");
		Optional<Long> postmaster = runningPostmaster(pgData);
		if (lockedElsewhere(pgData.resolve(LOCK_FILE))) {
			throw new DataDirectoryInUse("Another ./eventops-local still runs on " + dataDir.toAbsolutePath()
					+ " (it holds the lock of its PostgreSQL data, " + pgData.resolve(LOCK_FILE)
					+ postmaster.map((pid) -> ", PostgreSQL pid " + pid).orElse("")
					+ "): stop it with Ctrl-C in its terminal, or start this one with another --data-dir;"
					+ " nothing was changed.");
		}
		if (postmaster.isPresent()) {
			throw new DataDirectoryInUse("The PostgreSQL of an earlier ./eventops-local still runs on " + pgData
					+ " (pid " + postmaster.get() + ", its launcher is gone): stop it with kill " + postmaster.get()
					+ " and start again; nothing was changed.");
		}
	}

	// whether another process holds the lock (a lock of this JVM's own counts too)
	private static boolean lockedElsewhere(Path lockFile) throws IOException {
		if (!Files.exists(lockFile)) {
			return false;
		}
		// opened for writing without truncating (FileOutputStream would empty it), never
		// created
		try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
			FileLock lock = channel.tryLock();
			if (lock == null) {
				return true;
			}
			lock.release();
			return false;
		}
		catch (OverlappingFileLockException ex) {
			return true;
		}
		catch (NoSuchFileException ex) {
			return false;
		}
	}

	// the pid of postmaster.pid when a PostgreSQL server runs under it (PostgreSQL's
	// own test: a pid that is not a postgres process is a stale file)
	private static Optional<Long> runningPostmaster(Path pgData) throws IOException {
		Path pidFile = pgData.resolve("postmaster.pid");
		List<String> lines;
		try {
			lines = Files.readAllLines(pidFile, StandardCharsets.UTF_8);
		}
		catch (NoSuchFileException ex) {
			return Optional.empty();
		}
		if (lines.isEmpty()) {
			return Optional.empty();
		}
		long pid;
		try {
			pid = Long.parseLong(lines.get(0).strip());
		}
		catch (NumberFormatException ex) {
			return Optional.empty();
		}
		return ProcessHandle.of(pid)
			.filter(ProcessHandle::isAlive)
			.filter((process) -> process.info()
				.command()
				.map((command) -> Path.of(command).getFileName().toString().startsWith("postgres"))
				.orElse(false))
			.map(ProcessHandle::pid);
	}

}
