package io.eventops.drills.report;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The progress line of a long drill phase (a herd's warm-up rounds and flush, a chaos or
 * rollout run): phase, entries acknowledged so far, rate and elapsed time, at most once
 * per interval. On a terminal it is a live bar redrawn in place ({@code \r}); in a log
 * (stdout redirected) it is a plain line each time, every few seconds.
 * <p>
 * {@link #report} is called as often as the caller likes (a sampler thread from
 * {@link #follow}); it prints only when the interval has passed since the last line, so
 * the formatting and the throttle are plain functions of the clock it is given.
 */
public final class Progress implements AutoCloseable {

	/** How often a live bar is redrawn on a terminal. */
	public static final Duration TERMINAL_EVERY = Duration.ofSeconds(1);

	/** How often a plain line is written into a log. */
	public static final Duration LOG_EVERY = Duration.ofSeconds(5);

	private static final int BAR_WIDTH = 24;

	private final PrintStream out;

	private final boolean terminal;

	private final long everyNanos;

	private final LongSupplier nanoClock;

	private String phase = "";

	private long total;

	private long phaseStarted;

	private long lastPrinted;

	private boolean printedInPhase;

	private boolean barOpen;

	private Thread follower;

	/**
	 * A progress line.
	 * @param out where it goes
	 * @param terminal whether {@code out} is a terminal (a live bar) or a log (plain
	 * lines)
	 * @param every the least time between two lines
	 * @param nanoClock the clock, in nanoseconds ({@code System::nanoTime})
	 */
	public Progress(PrintStream out, boolean terminal, Duration every, LongSupplier nanoClock) {
		this.out = out;
		this.terminal = terminal;
		this.everyNanos = every.toNanos();
		this.nanoClock = nanoClock;
	}

	/**
	 * The progress line on stdout: a live bar when stdout is a terminal
	 * ({@link System#console()} is there only when both stdin and stdout are one), plain
	 * lines every {@link #LOG_EVERY} otherwise.
	 * @return the progress line
	 */
	public static Progress onStdout() {
		boolean terminal = System.console() != null;
		return new Progress(System.out, terminal, terminal ? TERMINAL_EVERY : LOG_EVERY, System::nanoTime);
	}

	/**
	 * Starts a phase: its clock starts now, the next report prints at once.
	 * @param name e.g. {@code warm-up 3/6} or {@code herd}
	 * @param totalEntries the entries the phase will acknowledge, 0 when not known
	 */
	public synchronized void phase(String name, long totalEntries) {
		endBar();
		this.phase = name;
		this.total = totalEntries;
		this.phaseStarted = this.nanoClock.getAsLong();
		this.printedInPhase = false;
	}

	/**
	 * Prints the line if the interval has passed since the last one (the first report of
	 * a phase always prints).
	 * @param acknowledged entries acknowledged so far in this phase
	 * @return whether a line was printed
	 */
	public synchronized boolean report(long acknowledged) {
		long now = this.nanoClock.getAsLong();
		if (this.printedInPhase && now - this.lastPrinted < this.everyNanos) {
			return false;
		}
		print(acknowledged, now);
		return true;
	}

	/**
	 * Prints the phase's last line whatever the interval, and ends a live bar with a
	 * newline.
	 * @param acknowledged entries acknowledged in the phase
	 */
	public synchronized void done(long acknowledged) {
		stopFollowing();
		print(acknowledged, this.nanoClock.getAsLong());
		endBar();
	}

	/**
	 * Samples {@code acknowledged} in a daemon thread every quarter of the interval (the
	 * throttle decides what prints) until {@link #done} or {@link #close}.
	 * @param acknowledged entries acknowledged so far in this phase
	 */
	public synchronized void follow(LongSupplier acknowledged) {
		stopFollowing();
		long pause = Math.max(50, this.everyNanos / 4_000_000);
		this.follower = Thread.ofPlatform().daemon().name("drill-progress").start(() -> {
			try {
				while (!Thread.currentThread().isInterrupted()) {
					// the source is read only when a line is due (it may read the
					// kiosks' logs)
					if (due()) {
						report(acknowledged.getAsLong());
					}
					Thread.sleep(pause);
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
	}

	private synchronized boolean due() {
		return !this.printedInPhase || this.nanoClock.getAsLong() - this.lastPrinted >= this.everyNanos;
	}

	@Override
	public synchronized void close() {
		stopFollowing();
		endBar();
	}

	private void stopFollowing() {
		Thread thread = this.follower;
		this.follower = null;
		if (thread != null && thread != Thread.currentThread()) {
			thread.interrupt();
		}
	}

	private void print(long acknowledged, long now) {
		double elapsed = (now - this.phaseStarted) / 1e9;
		String line = line(this.phase, acknowledged, this.total, elapsed);
		if (this.terminal) {
			this.out.print("\r" + bar(acknowledged, this.total) + " " + line + "\u001b[K");
			this.barOpen = true;
		}
		else {
			this.out.println("[progress] " + line);
		}
		this.out.flush();
		this.lastPrinted = now;
		this.printedInPhase = true;
	}

	private void endBar() {
		if (this.barOpen) {
			this.out.println();
			this.barOpen = false;
		}
	}

	/**
	 * The text of one line.
	 * @param phase the phase
	 * @param acknowledged entries acknowledged so far
	 * @param total entries of the phase, 0 when not known
	 * @param elapsedSeconds since the phase started
	 * @return e.g. {@code herd: 12 500 / 50 000 entries acknowledged (25 %), 10 417
	 * entries/s, 1.2 s}
	 */
	static String line(String phase, long acknowledged, long total, double elapsedSeconds) {
		double rate = (elapsedSeconds > 0) ? acknowledged / elapsedSeconds : 0;
		StringBuilder line = new StringBuilder(phase).append(": ").append(grouped(acknowledged));
		if (total > 0) {
			line.append(" / ")
				.append(grouped(total))
				.append(" entries acknowledged (")
				.append(Math.min(100, acknowledged * 100 / total))
				.append(" %)");
		}
		else {
			line.append(" entries acknowledged");
		}
		line.append(", ")
			.append(grouped(Math.round(rate)))
			.append(" entries/s, ")
			.append(String.format(Locale.ROOT, "%.1f s", elapsedSeconds));
		return line.toString();
	}

	/**
	 * The live bar, e.g. {@code [######------------------]}; all dashes when the total is
	 * not known.
	 * @param acknowledged entries acknowledged so far
	 * @param total entries of the phase
	 * @return the bar
	 */
	static String bar(long acknowledged, long total) {
		int filled = (total > 0) ? (int) Math.min(BAR_WIDTH, acknowledged * BAR_WIDTH / total) : 0;
		return "[" + "#".repeat(filled) + "-".repeat(BAR_WIDTH - filled) + "]";
	}

	private static String grouped(long value) {
		String digits = Long.toString(Math.abs(value));
		StringBuilder grouped = new StringBuilder();
		for (int i = 0; i < digits.length(); i++) {
			if (i > 0 && (digits.length() - i) % 3 == 0) {
				grouped.append(' ');
			}
			grouped.append(digits.charAt(i));
		}
		return (value < 0) ? "-" + grouped : grouped.toString();
	}

}
