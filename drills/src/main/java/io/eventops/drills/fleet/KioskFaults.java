package io.eventops.drills.fleet;

/**
 * Probabilities of the faults injected into flush requests on their way between kiosk and
 * edge.
 *
 * @param lostAck the edge committed and answered, the kiosk never sees the answer (it
 * resends the batch)
 * @param duplicate the same batch arrives twice (a proxy retry)
 * @param reorder an earlier batch arrives again, after later ones
 */
public record KioskFaults(double lostAck, double duplicate, double reorder) {

	/** No faults. */
	public static final KioskFaults NONE = new KioskFaults(0, 0, 0);

	public KioskFaults {
		for (double p : new double[] { lostAck, duplicate, reorder }) {
			if (p < 0 || p > 1) {
				throw new IllegalArgumentException("a fault probability must be within 0..1");
			}
		}
	}

}
