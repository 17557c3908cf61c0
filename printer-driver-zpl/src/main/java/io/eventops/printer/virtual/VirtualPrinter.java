package io.eventops.printer.virtual;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.eventops.printer.zpl.LabelSize;
import io.eventops.printer.zpl.LabelTrace;

/**
 * A Zebra printer stand-in on a TCP port: prints what it receives in simulated time,
 * records every finished label, and fails on command.
 */
public final class VirtualPrinter implements AutoCloseable {

	private static final Duration REBIND_RETRY = Duration.ofMillis(50);

	private final VirtualPrinterConfig config;

	private final PrintEngine engine;

	private final Session session;

	private final List<PrintedLabel> printed = new CopyOnWriteArrayList<>();

	private final List<PrintedLabel> dropped = new CopyOnWriteArrayList<>();

	private final List<Consumer<PrintedLabel>> listeners = new CopyOnWriteArrayList<>();

	private final List<Consumer<PrintedLabel>> receivers = new CopyOnWriteArrayList<>();

	private final ScheduledExecutorService scheduler;

	private final int port;

	private Listener listener;

	private long blipUntilNanos;

	private boolean dead;

	private boolean closed;

	private VirtualPrinter(VirtualPrinterConfig config) throws IOException {
		this.config = config;
		this.engine = new PrintEngine(threadName() + "-engine", config.labelTime(), this::record, this::announce,
				this::recordDropped);
		this.session = new Session(this.engine, config.dpi(), LabelSize.badge(config.dpi()).heightDots(),
				config.odometer());
		this.listener = Listener.open(config.host(), config.port(), this.session, threadName() + "-port");
		this.port = this.listener.port();
		this.scheduler = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, threadName() + "-faults");
			thread.setDaemon(true);
			return thread;
		});
		this.engine.onReceived(this::received);
		this.engine.start();
	}

	/**
	 * Starts a printer.
	 * @param config name, address and speed
	 * @return the running printer
	 * @throws IOException when the port cannot be bound
	 */
	public static VirtualPrinter start(VirtualPrinterConfig config) throws IOException {
		return new VirtualPrinter(Objects.requireNonNull(config, "config"));
	}

	/**
	 * Starts a printer on an ephemeral loopback port.
	 * @param name printer name
	 * @param labelTime time per label
	 * @return the running printer
	 * @throws IOException when no port can be bound
	 */
	public static VirtualPrinter start(String name, Duration labelTime) throws IOException {
		return start(VirtualPrinterConfig.named(name).withLabelTime(labelTime));
	}

	/**
	 * The printer's name.
	 * @return the configured name
	 */
	public String name() {
		return this.config.name();
	}

	/**
	 * The address the printer is bound to.
	 * @return the configured host
	 */
	public String host() {
		return this.config.host();
	}

	/**
	 * The bound port (the actual one when configured with 0).
	 * @return the port
	 */
	public int port() {
		return this.port;
	}

	/**
	 * Every label finished so far, oldest first.
	 * @return an immutable copy
	 */
	public List<PrintedLabel> printedLabels() {
		return List.copyOf(this.printed);
	}

	/**
	 * Every format dropped without printing so far (by CANCEL, {@code ~JA}, a swallow, a
	 * restart, or a jam cleared), oldest first, as the labels that never came out;
	 * {@code printedAt} is when it was dropped.
	 * @return an immutable copy
	 */
	public List<PrintedLabel> droppedLabels() {
		return List.copyOf(this.dropped);
	}

	/**
	 * Registers a hook called (on the printer's thread) for every label it finishes.
	 * @param listener the hook
	 */
	public void onLabelPrinted(Consumer<PrintedLabel> listener) {
		this.listeners.add(Objects.requireNonNull(listener, "listener"));
	}

	/**
	 * Registers a hook called (on the connection's thread) for every label format as it
	 * arrives, before it is buffered or printed; the label's {@code printedAt} is then
	 * when the format was received. For measuring how soon a format reaches a printer.
	 * @param receiver the hook
	 */
	public void onFormatReceived(Consumer<PrintedLabel> receiver) {
		this.receivers.add(Objects.requireNonNull(receiver, "receiver"));
	}

	/**
	 * The printer's current state.
	 * @return a snapshot
	 */
	public synchronized VirtualPrinterState state() {
		EngineSnapshot engine = this.engine.snapshot();
		return new VirtualPrinterState(this.listener != null, this.dead, engine.paperOut(), engine.headOpen(),
				engine.paused(), engine.jammed(), engine.formatsInBuffer(), engine.labelsRemaining(),
				engine.labelTime(), this.printed.size(), engine.labelCount());
	}

	/**
	 * Kills the printer: connections are closed and refused, the label in progress is
	 * lost.
	 */
	public synchronized void die() {
		this.dead = true;
		closeListener();
		this.engine.stop();
	}

	/**
	 * Cuts the printer off the network for a while: connections are closed and refused,
	 * but it keeps printing its buffer and comes back on the same port.
	 * @param duration how long connections are refused
	 */
	public synchronized void blip(Duration duration) {
		if (this.dead || this.closed) {
			return;
		}
		this.blipUntilNanos = System.nanoTime() + duration.toNanos();
		closeListener();
		this.scheduler.schedule(this::reconnect, duration.toNanos(), TimeUnit.NANOSECONDS);
	}

	/**
	 * Restarts the printer (a power cycle): connections are closed and refused for a
	 * while, every buffered format is lost (the label in progress too), and it comes back
	 * ready on the same port with its label counter unchanged.
	 * @param duration how long it is off the network
	 */
	public synchronized void restart(Duration duration) {
		if (this.dead || this.closed) {
			return;
		}
		this.engine.restart();
		blip(duration);
	}

	/**
	 * Media out: printing halts, {@code ~HS} goes unanswered, {@code ~HQES} reports it.
	 */
	public void paperOut() {
		this.engine.paperOut();
	}

	/**
	 * Printhead open: printing halts, {@code ~HS} goes unanswered, {@code ~HQES} reports
	 * it.
	 */
	public void headOpen() {
		this.engine.headOpen();
	}

	/** Pauses printing; {@code ~HS} reports the pause. */
	public void pause() {
		this.engine.pause(true);
	}

	/** Ends a pause. */
	public void resume() {
		this.engine.pause(false);
	}

	/** The label being printed (or else the next one) jams: it never finishes. */
	public void jam() {
		this.engine.jam();
	}

	/**
	 * The operator presses CANCEL, as to clear a jam: the format being printed is dropped
	 * without coming out (the label counter does not move), and the printer goes on with
	 * the next one. A jam does not show in {@code ~HS}: only the label counter tells that
	 * the dropped label never came out.
	 */
	public void cancel() {
		this.engine.cancelCurrent();
	}

	/**
	 * The next format is swallowed: accepted, shown busy in {@code ~HS} for the label
	 * time, then dropped without printing (a jam cleared with CANCEL that nobody
	 * reported); the label counter does not move.
	 */
	public void swallowNext() {
		this.engine.swallow(1);
	}

	/**
	 * The next format takes this long to be parsed before it enters the buffer, as a
	 * large {@code ^GF} graphic field does on a real printer: meanwhile {@code ~HS} shows
	 * the printer idle and the label counter does not move, then the label prints.
	 * @param parseTime how long the format stays invisible
	 */
	public void parseNextSlowly(Duration parseTime) {
		this.engine.parseNextSlowly(parseTime);
	}

	/**
	 * Every following format is swallowed, until {@link #clear()}: a printer that takes
	 * formats, shows them busy and prints none of them.
	 */
	public void swallowEvery() {
		this.engine.swallow(Integer.MAX_VALUE / 2);
	}

	/**
	 * The label counter's getvar goes unanswered from now on, while {@code ~HS} still
	 * answers (a Set-Get-Do that hangs).
	 */
	public void silenceLabelCounter() {
		this.session.counterReply(Session.CounterReply.SILENT);
	}

	/**
	 * The label counter's getvar answers {@code "?"} from now on, as after a firmware
	 * change that lost the counter.
	 */
	public void forgetLabelCounter() {
		this.session.counterReply(Session.CounterReply.UNKNOWN);
	}

	/**
	 * The label counter answers with its count again.
	 */
	public void answerLabelCounter() {
		this.session.counterReply(Session.CounterReply.COUNT);
	}

	/**
	 * Changes the time each following label takes.
	 * @param labelTime time per label
	 */
	public void slow(Duration labelTime) {
		this.engine.labelTime(labelTime);
	}

	/**
	 * Clears paper out, head open, pause, jam (the jammed label is discarded) and
	 * slowness; printing resumes. A dead printer stays dead.
	 */
	public void clear() {
		this.engine.clear();
	}

	@Override
	public synchronized void close() {
		this.closed = true;
		closeListener();
		this.engine.stop();
		this.scheduler.shutdownNow();
	}

	private synchronized void reconnect() {
		if (this.dead || this.closed || this.listener != null) {
			return;
		}
		long remaining = this.blipUntilNanos - System.nanoTime();
		try {
			if (remaining > 0) {
				this.scheduler.schedule(this::reconnect, remaining, TimeUnit.NANOSECONDS);
				return;
			}
			this.listener = Listener.open(this.config.host(), this.port, this.session, threadName() + "-port");
		}
		catch (IOException ex) {
			this.scheduler.schedule(this::reconnect, REBIND_RETRY.toNanos(), TimeUnit.NANOSECONDS);
		}
	}

	private void closeListener() {
		if (this.listener != null) {
			this.listener.close();
			this.listener = null;
		}
	}

	private PrintedLabel record(String zpl) {
		PrintedLabel label = new PrintedLabel(this.config.name(), LabelTrace.find(zpl).orElse(LabelTrace.NONE), zpl,
				Instant.now());
		this.printed.add(label);
		return label;
	}

	private void received(String zpl) {
		if (this.receivers.isEmpty()) {
			return;
		}
		PrintedLabel format = new PrintedLabel(this.config.name(), LabelTrace.find(zpl).orElse(LabelTrace.NONE), zpl,
				Instant.now());
		for (Consumer<PrintedLabel> hook : this.receivers) {
			try {
				hook.accept(format);
			}
			catch (RuntimeException ex) {
				// a hook's failure must not cost the printer its format
			}
		}
	}

	private void recordDropped(String zpl) {
		this.dropped.add(
				new PrintedLabel(this.config.name(), LabelTrace.find(zpl).orElse(LabelTrace.NONE), zpl, Instant.now()));
	}

	private void announce(PrintedLabel label) {
		if (this.config.logLabels()) {
			System.out.println("printed label printer=" + label.printer() + " job=" + label.jobId() + " attendee="
					+ label.attendeeId() + " credential=" + label.credentialVersion());
		}
		for (Consumer<PrintedLabel> hook : this.listeners) {
			try {
				hook.accept(label);
			}
			catch (RuntimeException ex) {
				System.err.println("label listener of printer " + this.config.name() + " failed: " + ex);
			}
		}
	}

	private String threadName() {
		return "virtual-printer-" + this.config.name();
	}

}
