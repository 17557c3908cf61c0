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
 * A thread at the lowest CPU priority that runs the herd's kiosks (issue #39): the
 * drill's JVM stands in for 200 kiosks that are machines of their own, so on a shared box
 * they should take only what the services leave. Where a cgroup's {@code cpu} controller
 * can be written, the thread goes into a group of its own with a low weight
 * ({@link CpuGroup}: {@code cpu.weight} on cgroup v2, {@code cpu.shares} on v1), which
 * weighs all the herd's kiosk threads together as one small share against the services;
 * else it is reniced to {@code nice 19}, which weighs each of them on its own (a few
 * hundred threads at nice 19 still weigh as much as a few at nice 0). Either way every
 * thread it starts inherits it (the agents' HTTP clients, selector and worker threads,
 * its flushing threads, its pools), while the rest of the drill's JVM (its measuring)
 * stays at normal priority; the live kiosks run in a JVM of their own
 * ({@code LiveLaneProcess}). Where neither works, it runs at normal priority and
 * {@link #how()} says why.
 */
public final class LowPriority implements AutoCloseable {

	/** The nice value asked for where no cgroup can be written. */
	public static final int NICE = 19;

	private final ExecutorService thread;

	private final String how;

	private final CpuGroup group;

	private LowPriority(ExecutorService thread, String how, CpuGroup group) {
		this.thread = thread;
		this.how = how;
		this.group = group;
	}

	/**
	 * Starts the thread, in a low-weight cgroup where one can be made, else reniced.
	 * @return the low-priority thread
	 */
	public static LowPriority start() {
		return start(true);
	}

	/**
	 * Starts the thread.
	 * @param cgroup whether to try a cgroup first
	 * @return the low-priority thread
	 */
	public static LowPriority start(boolean cgroup) {
		ExecutorService thread = Executors
			.newSingleThreadExecutor(Thread.ofPlatform().name("herd-low-priority").daemon().factory());
		String why = "not tried";
		if (cgroup) {
			try {
				CpuGroup group = thread
					.submit(() -> CpuGroup.joinNew("eventops-drills-kiosks-" + ProcessHandle.current().pid()))
					.get();
				return new LowPriority(thread, group.how(), group);
			}
			catch (ExecutionException ex) {
				why = ex.getCause().getMessage();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				why = "interrupted";
			}
		}
		String how;
		try {
			how = thread.submit(LowPriority::reniceThisThread).get() + " (no cgroup: " + why + ")";
		}
		catch (ExecutionException ex) {
			how = "normal priority (" + ex.getCause().getMessage() + "; no cgroup: " + why + ")";
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			how = "normal priority (interrupted)";
		}
		return new LowPriority(thread, how, null);
	}

	/**
	 * How the herd's kiosks ran, for the report ({@code kioskPriority} in
	 * {@code summary.json}).
	 * @return {@code cgroup cpu.weight=N ...}, {@code cgroup cpu.shares=N ...},
	 * {@code nice 19 ...}, or why at normal priority
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
		return "nice " + NICE + " per thread (the herd's kiosk threads and every thread they start; the drill's"
				+ " measuring at normal priority, the live kiosks in a JVM of their own)";
	}

	@Override
	public void close() {
		this.thread.shutdownNow();
		if (this.group != null) {
			try {
				this.thread.awaitTermination(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.group.close();
		}
	}

}
