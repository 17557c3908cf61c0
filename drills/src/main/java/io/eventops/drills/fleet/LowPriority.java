package io.eventops.drills.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A thread at the lowest CPU priority ({@code nice 19}) that runs the herd's kiosks
 * (issue #39): the drill's JVM stands in for 200 kiosks that are machines of their own,
 * so on a shared box they should take only what the services leave. On Linux a thread's
 * nice value is its own and is inherited by every thread it starts, so the herd's fleet
 * opened and flushed from here (its agents' HTTP clients, selector and worker threads,
 * its flushing threads, its pools) all run at nice 19, while the live kiosks, the virtual
 * printers and the drill's own measuring stay at normal priority in the same JVM. Where
 * the thread cannot be reniced (no {@code /proc/thread-self}, no {@code renice}), it runs
 * at normal priority and {@link #how()} says so.
 */
public final class LowPriority implements AutoCloseable {

	/** The nice value asked for. */
	public static final int NICE = 19;

	private final ExecutorService thread;

	private final String how;

	private LowPriority(ExecutorService thread, String how) {
		this.thread = thread;
		this.how = how;
	}

	/**
	 * Starts the thread and renices it.
	 * @return the low-priority thread
	 */
	public static LowPriority start() {
		ExecutorService thread = Executors
			.newSingleThreadExecutor(Thread.ofPlatform().name("herd-low-priority").daemon().factory());
		String how;
		try {
			how = thread.submit(LowPriority::reniceThisThread).get();
		}
		catch (ExecutionException ex) {
			how = "normal priority (" + ex.getCause().getMessage() + ")";
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			how = "normal priority (interrupted)";
		}
		return new LowPriority(thread, how);
	}

	/**
	 * How the herd's kiosks ran, for the report.
	 * @return e.g. {@code nice 19 per thread ...}, or why at normal priority
	 */
	public String how() {
		return this.how;
	}

	/**
	 * Runs a task on the low-priority thread and waits for it.
	 * @param <T> what it returns
	 * @param task the task
	 * @return its result
	 * @throws Exception what the task threw
	 */
	public <T> T call(Callable<T> task) throws Exception {
		try {
			return this.thread.submit(task).get();
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof Exception cause) {
				throw cause;
			}
			throw ex;
		}
	}

	/**
	 * The nice value of the calling thread (Linux: field 19 of
	 * {@code /proc/thread-self/stat}).
	 * @return the nice value
	 * @throws IOException where there is no {@code /proc/thread-self}
	 */
	public static int niceOfThisThread() throws IOException {
		String stat = Files.readString(Path.of("/proc/thread-self/stat"));
		String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
		// after the command: state is field 3, nice 19 (1-based in proc(5))
		return Integer.parseInt(fields[16]);
	}

	private static String reniceThisThread() throws IOException, InterruptedException {
		Path self = Path.of("/proc/thread-self");
		if (!Files.exists(self)) {
			throw new IOException("no /proc/thread-self on this machine");
		}
		String tid = Files.readSymbolicLink(self).getFileName().toString();
		Process renice = new ProcessBuilder("renice", "-n", Integer.toString(NICE), "-p", tid).redirectErrorStream(true)
			.start();
		String output = new String(renice.getInputStream().readAllBytes()).trim();
		if (!renice.waitFor(10, TimeUnit.SECONDS) || renice.exitValue() != 0) {
			throw new IOException("renice failed: " + output);
		}
		int nice = niceOfThisThread();
		if (nice != NICE) {
			throw new IOException("renice left the thread at nice " + nice);
		}
		return "nice " + NICE + " per thread (the herd's kiosk threads and every thread they start; the live kiosks,"
				+ " the virtual printers and the drill's measuring at normal priority; no cgroup)";
	}

	@Override
	public void close() {
		this.thread.shutdownNow();
	}

}
