package io.eventops.web;

/**
 * Gives the JVM's virtual threads more carrier threads than cores, for services that
 * serve requests on virtual threads (the edge, the print orchestrator).
 * <p>
 * A virtual thread keeps its carrier until it blocks: the JDK does not time-slice them.
 * With the default of one carrier per core, a few requests busy on the CPU (a reconnect
 * herd's 500-entry bodies being parsed, checked and encoded) hold every carrier, and a
 * live check-in that arrives meanwhile waits, runnable, until one of them blocks. In a
 * pod limited to one or two cores that is one or two carriers. With more carriers than
 * cores the operating system's scheduler shares the cores between them, as it does for
 * platform threads, and the live request runs within its time slice (issue #24; the
 * measurements are in drills/MEASUREMENTS.md, twelfth round).
 */
public final class VirtualThreadCarriers {

	/** The JDK's own setting; given on the command line, it wins. */
	public static final String PARALLELISM = "jdk.virtualThreadScheduler.parallelism";

	/** Carriers at least, whatever the cores. */
	static final int MINIMUM = 16;

	/** Carriers per core, at least. */
	static final int PER_CORE = 4;

	private VirtualThreadCarriers() {
	}

	/**
	 * Sets the carriers unless {@value #PARALLELISM} is given. Call it first in
	 * {@code main}: the JDK reads the setting when the first virtual thread starts.
	 * @return the number of carriers the setting now asks for
	 */
	public static int widen() {
		String given = System.getProperty(PARALLELISM);
		if (given != null) {
			return parse(given);
		}
		int carriers = carriersFor(Runtime.getRuntime().availableProcessors());
		System.setProperty(PARALLELISM, Integer.toString(carriers));
		return carriers;
	}

	// a bad value stops the service naming the setting, before the JDK falls back
	// silently
	static int parse(String given) {
		try {
			int carriers = Integer.parseInt(given.trim());
			if (carriers > 0) {
				return carriers;
			}
		}
		catch (NumberFormatException ex) {
			// reported below
		}
		throw new IllegalArgumentException(
				PARALLELISM + " must be a positive number of carrier threads, not '" + given + "'");
	}

	static int carriersFor(int cores) {
		return Math.max(MINIMUM, PER_CORE * cores);
	}

}
