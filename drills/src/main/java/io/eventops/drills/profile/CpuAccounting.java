package io.eventops.drills.profile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * CPU time by process group on this machine (Linux {@code /proc}), read before and after
 * the flush window: which of the drill's own JVM, the service JVMs, PostgreSQL and Redis
 * used the cores. A process that exits between two snapshots counts with its parent once
 * the parent has waited for it (PostgreSQL's backends with the postmaster); one whose
 * parent never waits is lost.
 */
public final class CpuAccounting {

	private static final Path PROC = Path.of("/proc");

	// USER_HZ: 100 on every Linux this runs on (sysconf is not reachable from Java)
	private static final double TICKS_PER_SECOND = 100.0;

	private CpuAccounting() {
	}

	/**
	 * CPU seconds used so far, by group: the named pids, {@code postgresql},
	 * {@code redis}, and {@code other} (everything else on the machine).
	 * @param named group name by pid (the service JVMs and this JVM)
	 * @return seconds by group, empty where there is no {@code /proc}
	 */
	public static Map<String, Double> snapshot(Map<Long, String> named) {
		Map<String, Double> seconds = new TreeMap<>();
		if (!Files.isDirectory(PROC)) {
			return seconds;
		}
		try (Stream<Path> entries = Files.list(PROC)) {
			for (Path dir : entries.filter((p) -> p.getFileName().toString().chars().allMatch(Character::isDigit))
				.toList()) {
				long pid = Long.parseLong(dir.getFileName().toString());
				Stat stat = stat(dir, true);
				if (stat != null) {
					seconds.merge(group(pid, stat.command(), named), stat.seconds(), Double::sum);
				}
			}
		}
		catch (IOException ex) {
			return Map.of();
		}
		return seconds;
	}

	/**
	 * CPU seconds the JIT compiler threads ({@code C1 CompilerThre…}, {@code C2
	 * CompilerThre…}) of the named JVMs used so far: how much of a JVM's time in a window
	 * went to compiling instead of running the code. A compiler thread that the JVM
	 * retired meanwhile is no longer counted, so a delta can be short, never long.
	 * @param named group name by pid
	 * @return seconds by group, empty where there is no {@code /proc}
	 */
	public static Map<String, Double> jit(Map<Long, String> named) {
		Map<String, Double> seconds = new TreeMap<>();
		named.forEach((pid, name) -> {
			Path tasks = PROC.resolve(Long.toString(pid)).resolve("task");
			if (!Files.isDirectory(tasks)) {
				return;
			}
			try (Stream<Path> threads = Files.list(tasks)) {
				threads.map((thread) -> stat(thread, false))
					.filter((stat) -> stat != null && isCompiler(stat.command()))
					.forEach((stat) -> seconds.merge(name, stat.seconds(), Double::sum));
			}
			catch (IOException | UncheckedIOException ex) {
				// the JVM exited meanwhile
			}
		});
		return seconds;
	}

	static boolean isCompiler(String threadName) {
		return threadName.startsWith("C1 CompilerThre") || threadName.startsWith("C2 CompilerThre");
	}

	/**
	 * What each group used between two snapshots, largest first.
	 * @param before the first snapshot
	 * @param after the second
	 * @return seconds by group
	 */
	public static Map<String, Double> delta(Map<String, Double> before, Map<String, Double> after) {
		Map<String, Double> delta = new LinkedHashMap<>();
		after.entrySet()
			.stream()
			.map((e) -> Map.entry(e.getKey(), Math.max(0, e.getValue() - before.getOrDefault(e.getKey(), 0.0))))
			.sorted(Map.Entry.<String, Double>comparingByValue().reversed())
			.forEach((e) -> delta.put(e.getKey(), e.getValue()));
		return delta;
	}

	private static String group(long pid, String command, Map<Long, String> named) {
		String name = named.get(pid);
		if (name != null) {
			return name;
		}
		if (command.startsWith("postgres") || command.startsWith("postmaster")) {
			return "postgresql";
		}
		if (command.startsWith("redis")) {
			return "redis";
		}
		return "other";
	}

	// A process's own CPU and, with reapedChildren, that of its children that exited and
	// were waited for (cutime, cstime): PostgreSQL's backends of connections closed
	// inside a window (the raw baseline's) count with the postmaster, not as nothing. A
	// child alive at both snapshots counts under its own pid; one that exits between them
	// moves from its own pid to its parent's, so the delta stays right. Not for threads:
	// their cutime is the whole process's.
	private static Stat stat(Path dir, boolean reapedChildren) {
		try {
			String text = Files.readString(dir.resolve("stat"));
			int open = text.indexOf('(');
			int close = text.lastIndexOf(')');
			String command = text.substring(open + 1, close);
			List<String> fields = List.of(text.substring(close + 2).split(" "));
			// after the command: state is field 3, utime 14, stime 15 (1-based in
			// proc(5))
			long ticks = Long.parseLong(fields.get(11)) + Long.parseLong(fields.get(12));
			if (reapedChildren) {
				// cutime 16, cstime 17
				ticks += Long.parseLong(fields.get(13)) + Long.parseLong(fields.get(14));
			}
			return new Stat(command, ticks / TICKS_PER_SECOND);
		}
		catch (IOException | RuntimeException ex) {
			return null; // exited meanwhile
		}
	}

	private record Stat(String command, double seconds) {
	}

}
