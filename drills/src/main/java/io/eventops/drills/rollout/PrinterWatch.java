package io.eventops.drills.rollout;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.eventops.drills.stack.Database;
import io.eventops.printer.virtual.VirtualPrinter;

/**
 * Watches every printer while the rollout runs: a printer is unserved while jobs of the
 * drill's event wait (unassigned in its pool, or queued or printing on it) and no label
 * comes out of it; the watch keeps every such stretch, to be read per restart window.
 */
final class PrinterWatch implements AutoCloseable {

	private static final long SAMPLE_MILLIS = 100;

	private final Database database;

	private final String eventId;

	private final List<VirtualPrinter> printers;

	private final List<Stretch> stretches = new ArrayList<>();

	private final Thread thread;

	private volatile boolean running = true;

	PrinterWatch(Database database, String eventId, List<VirtualPrinter> printers) {
		this.database = database;
		this.eventId = eventId;
		this.printers = List.copyOf(printers);
		this.thread = Thread.ofPlatform().daemon().name("rollout-printer-watch").start(this::watch);
	}

	/**
	 * The longest stretch a printer went unserved, counted within a window.
	 * @param fromNanos the window's start
	 * @param toNanos its end
	 * @return seconds
	 */
	synchronized double longestUnserved(long fromNanos, long toNanos) {
		long longest = 0;
		for (Stretch stretch : this.stretches) {
			long overlap = Math.min(stretch.to(), toNanos) - Math.max(stretch.from(), fromNanos);
			longest = Math.max(longest, overlap);
		}
		return longest / 1e9;
	}

	private void watch() {
		Map<String, Integer> labels = new HashMap<>();
		Map<String, Long> waitingSince = new HashMap<>();
		while (this.running) {
			try {
				long now = System.nanoTime();
				long pending = this.database.number(
						"SELECT count(*) FROM printing.print_jobs WHERE event_id = ? AND state = 'PENDING'",
						this.eventId);
				Map<String, Long> queued = new HashMap<>();
				this.database.query(
						"SELECT printer_id, count(*) FROM printing.print_jobs WHERE event_id = ?"
								+ " AND state IN ('QUEUED', 'PRINTING') GROUP BY printer_id",
						(rs) -> queued.put(rs.getString(1), rs.getLong(2)), this.eventId);
				for (VirtualPrinter printer : this.printers) {
					String name = printer.name();
					int count = printer.printedLabels().size();
					boolean progressed = count > labels.getOrDefault(name, 0);
					labels.put(name, count);
					boolean work = pending > 0 || queued.getOrDefault(name, 0L) > 0;
					Long since = waitingSince.get(name);
					if (progressed || !work) {
						if (since != null) {
							add(new Stretch(since, now));
						}
						if (work) {
							waitingSince.put(name, now);
						}
						else {
							waitingSince.remove(name);
						}
					}
					else if (since == null) {
						waitingSince.put(name, now);
					}
				}
				Thread.sleep(SAMPLE_MILLIS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
			catch (IllegalStateException ex) {
				// the database is busy or restarting: the next sample tries again
			}
		}
		long end = System.nanoTime();
		waitingSince.values().forEach((since) -> add(new Stretch(since, end)));
	}

	private synchronized void add(Stretch stretch) {
		this.stretches.add(stretch);
	}

	@Override
	public void close() throws InterruptedException {
		this.running = false;
		this.thread.join(10_000);
	}

	/**
	 * A time a printer printed nothing while work waited.
	 *
	 * @param from its start
	 * @param to its end
	 */
	private record Stretch(long from, long to) {
	}

}
