package io.eventops.drills.baseline;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.eventops.drills.stack.Database;

/**
 * Runs a baseline as the herd arrives: each kiosk's entries in seq order, kiosks spread
 * over a fixed number of connections (autocommit off), and times the whole.
 */
final class PerKiosk {

	private PerKiosk() {
	}

	static long run(Database database, Map<String, List<BaselineEntry>> entries, int threads, KioskWork work)
			throws Exception {
		LinkedBlockingQueue<List<BaselineEntry>> queue = new LinkedBlockingQueue<>(entries.values());
		ExecutorService pool = Executors.newFixedThreadPool(threads,
				Thread.ofPlatform().daemon().name("baseline-", 0).factory());
		List<Connection> connections = new ArrayList<>();
		try {
			for (int i = 0; i < threads; i++) {
				Connection connection = database.connect();
				connection.setAutoCommit(false);
				connections.add(connection);
			}
			long start = System.nanoTime();
			List<Future<?>> futures = new ArrayList<>();
			for (Connection connection : connections) {
				futures.add(pool.submit(() -> {
					List<BaselineEntry> kiosk;
					while ((kiosk = queue.poll()) != null) {
						work.apply(connection, kiosk);
					}
					return null;
				}));
			}
			for (Future<?> future : futures) {
				try {
					future.get();
				}
				catch (ExecutionException ex) {
					throw (ex.getCause() instanceof Exception cause) ? cause : ex;
				}
			}
			return System.nanoTime() - start;
		}
		finally {
			pool.shutdownNow();
			pool.awaitTermination(30, TimeUnit.SECONDS);
			for (Connection connection : connections) {
				connection.close();
			}
		}
	}

	/**
	 * Applies one kiosk's entries.
	 */
	@FunctionalInterface
	interface KioskWork {

		void apply(Connection connection, List<BaselineEntry> kioskEntries) throws Exception;

	}

}
