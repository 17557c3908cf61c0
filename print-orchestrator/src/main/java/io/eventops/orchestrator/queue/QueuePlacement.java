package io.eventops.orchestrator.queue;

import java.util.Comparator;
import java.util.Optional;

import io.eventops.orchestrator.printer.Printer;
import io.eventops.orchestrator.printer.PrinterRegistry;

import org.springframework.stereotype.Component;

/**
 * Picks the printer a job goes to: the UP printer of its pool that holds the least work.
 */
@Component
public class QueuePlacement {

	private final PrinterRegistry registry;

	private final PrintQueues queues;

	public QueuePlacement(PrinterRegistry registry, PrintQueues queues) {
		this.registry = registry;
		this.queues = queues;
	}

	/**
	 * The least loaded UP printer of a pool.
	 * @param pool the pool
	 * @param excludedPrinterId a printer not to choose (the dead one), may be null
	 * @return the printer, empty when the pool has no UP printer
	 */
	public Optional<Printer> choose(String pool, String excludedPrinterId) {
		return this.registry.upInPool(pool)
			.stream()
			.filter((printer) -> !printer.printerId().equals(excludedPrinterId))
			.min(Comparator.comparingLong((Printer printer) -> this.queues.depth(printer.printerId()))
				.thenComparing(Printer::printerId));
	}

}
