package io.eventops.printer.virtual;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The simulated print mechanism: a buffer of received formats printed one at a time, each
 * taking the label time, halted by paper out, head open, pause and jams, with the label
 * counter (odometer) that only a label really printed moves.
 */
final class PrintEngine {

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition changed = this.lock.newCondition();

	private final Deque<String> buffer = new ArrayDeque<>();

	private final Duration defaultLabelTime;

	private final Function<String, PrintedLabel> recorder;

	private final Consumer<PrintedLabel> announcer;

	private final Consumer<String> dropper;

	private volatile Consumer<String> receiver = (format) -> {
	};

	private final Thread thread;

	private Duration labelTime;

	private boolean printing;

	private long remainingNanos;

	private boolean jammed;

	private boolean jamNext;

	private int swallow;

	private boolean paperOut;

	private boolean headOpen;

	private boolean paused;

	private boolean stopped;

	private Duration slowParse = Duration.ZERO;

	// odometer.total_label_count: non-volatile on a Zebra, so a restart keeps it
	private long labelCount;

	/**
	 * Creates the engine.
	 * @param name thread name
	 * @param labelTime time per label
	 * @param recorder records a finished label; runs before the status shows it finished
	 * @param announcer tells listeners about a recorded label, outside the engine lock
	 * @param dropper records a format dropped without printing; runs under the engine
	 * lock, so it must be quick
	 */
	PrintEngine(String name, Duration labelTime, Function<String, PrintedLabel> recorder,
			Consumer<PrintedLabel> announcer, Consumer<String> dropper) {
		this.defaultLabelTime = labelTime;
		this.labelTime = labelTime;
		this.recorder = recorder;
		this.announcer = announcer;
		this.dropper = dropper;
		this.thread = new Thread(this::run, name);
		this.thread.setDaemon(true);
	}

	void start() {
		this.thread.start();
	}

	/**
	 * Sets the hook told of every format as it arrives, before it is buffered, outside
	 * the engine lock.
	 * @param receiver the hook
	 */
	void onReceived(Consumer<String> receiver) {
		this.receiver = receiver;
	}

	void enqueue(String format) {
		this.receiver.accept(format);
		Duration parse;
		this.lock.lock();
		try {
			parse = this.slowParse;
			this.slowParse = Duration.ZERO;
		}
		finally {
			this.lock.unlock();
		}
		if (parse.isZero()) {
			update(() -> this.buffer.addLast(format));
			return;
		}
		// parsed on its own thread: the printer keeps answering ~HS meanwhile
		Thread.ofVirtual().name("parse").start(() -> {
			try {
				Thread.sleep(parse);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
			update(() -> {
				if (!this.stopped) {
					this.buffer.addLast(format);
				}
			});
		});
	}

	/**
	 * The next format received is parsed for this long before it is buffered: idle in
	 * {@code ~HS}, the label counter unmoved, as a real printer parsing a large graphic
	 * field.
	 */
	void parseNextSlowly(Duration parseTime) {
		update(() -> this.slowParse = parseTime);
	}

	/**
	 * {@code ~JA}: drops every buffered format; a label being printed still finishes (as
	 * on a Zebra), unless it is jammed.
	 */
	void cancelAll() {
		update(() -> {
			if (this.printing && !this.jammed) {
				String current = this.buffer.pollFirst();
				dropAll();
				this.buffer.addFirst(current);
			}
			else {
				dropAll();
				this.printing = false;
				this.jammed = false;
			}
		});
	}

	/**
	 * The operator presses CANCEL: the format being printed (jammed or not) is dropped
	 * without coming out, so the label counter does not move; without one printing, the
	 * next buffered format is dropped.
	 */
	void cancelCurrent() {
		update(() -> {
			drop(this.buffer.pollFirst());
			this.printing = false;
			this.jammed = false;
		});
	}

	/**
	 * A power cycle: everything buffered is lost, faults and the pause are gone, the
	 * label counter stays.
	 */
	void restart() {
		update(() -> {
			dropAll();
			this.printing = false;
			this.jammed = false;
			this.jamNext = false;
			this.paused = false;
		});
	}

	void paperOut() {
		update(() -> this.paperOut = true);
	}

	void headOpen() {
		update(() -> this.headOpen = true);
	}

	void pause(boolean pause) {
		update(() -> this.paused = pause);
	}

	/** The label being printed, or else the next one, gets stuck and never finishes. */
	void jam() {
		update(() -> {
			if (this.printing) {
				this.jammed = true;
			}
			else {
				this.jamNext = true;
			}
		});
	}

	/**
	 * The next formats to finish are dropped instead of printed, as when an operator
	 * clears a jam with CANCEL just before the label would have come out: busy for the
	 * label time, then idle, the label counter unchanged.
	 */
	void swallow(int formats) {
		update(() -> this.swallow += formats);
	}

	void labelTime(Duration time) {
		update(() -> this.labelTime = time);
	}

	/** Clears every fault: the jammed label is thrown away, printing resumes. */
	void clear() {
		update(() -> {
			this.paperOut = false;
			this.headOpen = false;
			this.paused = false;
			this.jamNext = false;
			this.swallow = 0;
			this.labelTime = this.defaultLabelTime;
			if (this.jammed) {
				drop(this.buffer.pollFirst());
				this.printing = false;
				this.jammed = false;
			}
		});
	}

	/** Stops for good; the label being printed never finishes. */
	void stop() {
		update(() -> this.stopped = true);
	}

	EngineSnapshot snapshot() {
		this.lock.lock();
		try {
			return new EngineSnapshot(this.buffer.size(), this.printing ? 1 : 0, this.paperOut, this.headOpen,
					this.paused, this.jammed, this.labelTime, this.labelCount);
		}
		finally {
			this.lock.unlock();
		}
	}

	private void update(Runnable change) {
		this.lock.lock();
		try {
			change.run();
			startNextIfPossible();
			this.changed.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	private boolean halted() {
		return this.paperOut || this.headOpen || this.paused;
	}

	// Starting a label is part of the state change that allows it, so a status read right
	// after a format arrives already shows that label in progress.
	private void startNextIfPossible() {
		if (!this.printing && !this.buffer.isEmpty() && !halted() && !this.stopped) {
			this.printing = true;
			this.remainingNanos = this.labelTime.toNanos();
			this.jammed = this.jamNext;
			this.jamNext = false;
		}
	}

	private void run() {
		this.lock.lock();
		try {
			while (!this.stopped) {
				startNextIfPossible();
				if (!this.printing || this.jammed || halted()) {
					this.changed.await();
					continue;
				}
				long started = System.nanoTime();
				if (this.remainingNanos > 0) {
					this.changed.awaitNanos(this.remainingNanos);
				}
				if (this.stopped || !this.printing || this.jammed) {
					continue;
				}
				// the label advanced until whatever woke us up (possibly a halt)
				this.remainingNanos -= System.nanoTime() - started;
				if (this.remainingNanos <= 0 && !halted()) {
					finish();
				}
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		finally {
			this.lock.unlock();
		}
	}

	private void drop(String format) {
		if (format != null) {
			this.dropper.accept(format);
		}
	}

	private void dropAll() {
		this.buffer.forEach(this.dropper);
		this.buffer.clear();
	}

	private void finish() {
		String format = this.buffer.pollFirst();
		this.printing = false;
		if (this.swallow > 0) {
			this.swallow--;
			drop(format);
			startNextIfPossible();
			return;
		}
		// counted in the same state change that empties the buffer: a status read never
		// shows the printer idle before the counter moved
		this.labelCount++;
		PrintedLabel label = this.recorder.apply(format);
		startNextIfPossible();
		this.lock.unlock();
		try {
			this.announcer.accept(label);
		}
		finally {
			this.lock.lock();
		}
	}

}
