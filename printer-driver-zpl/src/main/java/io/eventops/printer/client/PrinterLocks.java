package io.eventops.printer.client;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Process-wide locks per printer address: one open connection per printer at a time, and
 * one print being confirmed per printer at a time, whichever client instance asks.
 */
final class PrinterLocks {

	// Zebra print servers serve one raw session at a time and queue the rest; a second
	// concurrent session would also interleave replies of different queries.
	private static final ConcurrentMap<PrinterAddress, ReentrantLock> CONNECTIONS = new ConcurrentHashMap<>();

	// Confirmation reads "formats in buffer": two prints in flight on one printer would
	// confirm each other's labels.
	private static final ConcurrentMap<PrinterAddress, ReentrantLock> PRINTS = new ConcurrentHashMap<>();

	private PrinterLocks() {
	}

	static ReentrantLock connection(PrinterAddress address) {
		return CONNECTIONS.computeIfAbsent(address, (key) -> new ReentrantLock(true));
	}

	static ReentrantLock print(PrinterAddress address) {
		return PRINTS.computeIfAbsent(address, (key) -> new ReentrantLock(true));
	}

}
