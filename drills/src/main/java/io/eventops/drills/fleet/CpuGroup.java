package io.eventops.drills.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A cgroup of its own with a low CPU weight for the calling thread and every thread it
 * starts afterwards (issue #39: the herd's kiosks). On cgroup v2 with the {@code cpu}
 * controller, a threaded child of the JVM's group with
 * {@code cpu.weight=}{@value #WEIGHT} (the lowest); on cgroup v1's {@code cpu} hierarchy,
 * a child of the JVM's group with {@code cpu.shares=}{@value #SHARES} (the same weight on
 * v1's scale, 1024 for 100). A new thread starts in its creator's group on both, and the
 * group weighs all of them together against its siblings (the rest of the JVM, the
 * services, PostgreSQL), where {@code nice} weighs each thread on its own. {@link #close}
 * moves what is left back to the JVM's group and removes the group.
 */
public final class CpuGroup implements AutoCloseable {

	/** The group's {@code cpu.weight} on cgroup v2 (1 to 10000, 100 the default). */
	public static final int WEIGHT = 1;

	/** The group's {@code cpu.shares} on cgroup v1 (2 and up, 1024 the default). */
	public static final int SHARES = 10;

	private static final Path MOUNTS = Path.of("/proc/mounts");

	private final Path dir;

	private final Path home;

	private final String members;

	private final String how;

	private final Thread removal;

	private CpuGroup(Path dir, Path home, String members, String how) {
		this.dir = dir;
		this.home = home;
		this.members = members;
		this.how = how;
		// a drill stopped by a signal leaves no group behind
		this.removal = new Thread(this::remove, "cpu-group-removal");
		Runtime.getRuntime().addShutdownHook(this.removal);
	}

	/**
	 * Makes a group named {@code name} beside nothing else, under the JVM's own group,
	 * and moves the calling thread into it.
	 * @param name the group's name
	 * @return the group
	 * @throws IOException where no cgroup's {@code cpu} controller can be written, with
	 * why
	 */
	public static CpuGroup joinNew(String name) throws IOException {
		String tid = Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString();
		List<String> mounts = Files.readAllLines(MOUNTS);
		List<String> own = Files.readAllLines(Path.of("/proc/self/cgroup"));
		String v2Why;
		Optional<Path> v2 = mountOf(mounts, "cgroup2", null);
		if (v2.isEmpty()) {
			v2Why = "no cgroup v2";
		}
		else if (!Files.readString(v2.get().resolve("cgroup.controllers")).contains("cpu")) {
			v2Why = "cgroup v2 at " + v2.get() + " without the cpu controller";
		}
		else {
			try {
				return joinV2(v2.get().resolve(relative(own, "")), name, tid);
			}
			catch (IOException ex) {
				v2Why = "cgroup v2: " + ex.getMessage();
			}
		}
		Optional<Path> v1 = mountOf(mounts, "cgroup", "cpu");
		if (v1.isEmpty()) {
			throw new IOException(v2Why + "; no cgroup v1 cpu hierarchy");
		}
		try {
			return joinV1(v1.get().resolve(relative(own, "cpu")), name, tid, v2Why);
		}
		catch (IOException ex) {
			throw new IOException(v2Why + "; cgroup v1 " + v1.get() + ": " + ex.getMessage(), ex);
		}
	}

	private static CpuGroup joinV2(Path home, String name, String tid) throws IOException {
		Path dir = home.resolve(name);
		Files.createDirectories(dir);
		try {
			Files.writeString(dir.resolve("cgroup.type"), "threaded");
			if (!Files.readString(home.resolve("cgroup.subtree_control")).contains("cpu")) {
				Files.writeString(home.resolve("cgroup.subtree_control"), "+cpu");
			}
			Files.writeString(dir.resolve("cpu.weight"), Integer.toString(WEIGHT));
			Files.writeString(dir.resolve("cgroup.threads"), tid);
			CpuGroup group = new CpuGroup(dir, home, "cgroup.threads", "cgroup cpu.weight=" + WEIGHT + " (cgroup v2, "
					+ dir + ": the herd's kiosk threads and every thread they start, weighed together)");
			group.check(tid);
			return group;
		}
		catch (IOException ex) {
			deleteQuietly(dir);
			throw ex;
		}
	}

	private static CpuGroup joinV1(Path home, String name, String tid, String v2Why) throws IOException {
		Path dir = home.resolve(name);
		Files.createDirectories(dir);
		try {
			Files.writeString(dir.resolve("cpu.shares"), Integer.toString(SHARES));
			Files.writeString(dir.resolve("tasks"), tid);
			CpuGroup group = new CpuGroup(dir, home, "tasks",
					"cgroup cpu.shares=" + SHARES + " (cgroup v1, " + dir + "; the weight of cpu.weight=" + WEIGHT
							+ ": the herd's kiosk threads and every thread they start, weighed together; " + v2Why
							+ ")");
			group.check(tid);
			return group;
		}
		catch (IOException ex) {
			deleteQuietly(dir);
			throw ex;
		}
	}

	private void check(String tid) throws IOException {
		String members = Files.readString(this.dir.resolve(this.members));
		if (!members.lines().anyMatch(tid::equals)) {
			throw new IOException("thread " + tid + " not in " + this.dir + " after the move");
		}
	}

	/**
	 * The mount point of a cgroup file system.
	 * @param mounts {@code /proc/mounts}
	 * @param type {@code cgroup2} or {@code cgroup}
	 * @param controller for v1, the controller among the mount's options
	 * @return its mount point
	 */
	static Optional<Path> mountOf(List<String> mounts, String type, String controller) {
		for (String line : mounts) {
			String[] fields = line.split(" ");
			if (fields.length < 4 || !fields[2].equals(type)) {
				continue;
			}
			if (controller == null || List.of(fields[3].split(",")).contains(controller)) {
				return Optional.of(Path.of(fields[1]));
			}
		}
		return Optional.empty();
	}

	/**
	 * The JVM's group in a hierarchy, relative to its mount point.
	 * @param cgroups {@code /proc/self/cgroup}
	 * @param controller {@code ""} for v2, else the v1 controller
	 * @return the path without its leading slash
	 * @throws IOException where the JVM is in no group of it
	 */
	static String relative(List<String> cgroups, String controller) throws IOException {
		for (String line : cgroups) {
			String[] fields = line.split(":", 3);
			if (fields.length == 3 && (controller.isEmpty() ? fields[0].equals("0") && fields[1].isEmpty()
					: List.of(fields[1].split(",")).contains(controller))) {
				return fields[2].replaceFirst("^/", "");
			}
		}
		throw new IOException("this JVM is in no " + (controller.isEmpty() ? "cgroup v2" : controller) + " group");
	}

	/**
	 * What the group is, for the report.
	 * @return e.g. {@code cgroup cpu.weight=1 (...)}
	 */
	public String how() {
		return this.how;
	}

	/**
	 * The threads in the group now.
	 * @return their ids
	 * @throws IOException when it cannot be read
	 */
	public List<String> threads() throws IOException {
		return Files.readAllLines(this.dir.resolve(this.members)).stream().filter((t) -> !t.isBlank()).toList();
	}

	/**
	 * Moves every thread left in the group back to the JVM's group and removes it.
	 */
	@Override
	public void close() {
		try {
			Runtime.getRuntime().removeShutdownHook(this.removal);
		}
		catch (IllegalStateException ex) {
			// shutting down: the hook removes it
		}
		remove();
	}

	private void remove() {
		try {
			for (String tid : threads()) {
				try {
					Files.writeString(this.home.resolve(this.members), tid);
				}
				catch (IOException ex) {
					// exited meanwhile
				}
			}
		}
		catch (IOException ex) {
			// removed below, or left behind empty
		}
		deleteQuietly(this.dir);
	}

	private static void deleteQuietly(Path dir) {
		try {
			// a cgroup directory is removed with rmdir, its files with it
			Files.deleteIfExists(dir);
		}
		catch (IOException ex) {
			// threads still in it: it goes when they exit and someone removes it
		}
	}

}
