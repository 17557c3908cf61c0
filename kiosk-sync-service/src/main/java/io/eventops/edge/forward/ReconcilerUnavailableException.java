package io.eventops.edge.forward;

/**
 * The reconciler did not answer a batch with a committed result (down, timed out, circuit
 * open or refusing); nothing of the batch may be acknowledged (invariant 6).
 */
public class ReconcilerUnavailableException extends RuntimeException {

	ReconcilerUnavailableException(String message, Throwable cause) {
		super(message, cause);
	}

}
