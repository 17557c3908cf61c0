package io.eventops.reconciler.checkin;

import java.util.Optional;
import java.util.function.Supplier;

import io.eventops.web.admission.AdmissionLane;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * The reconciler's lane of backlog batches (issue #39): a batch of more than
 * {@code live-max-entries} waits, parked, for the {@code reconciler-batches} admission
 * lane before it claims a key or opens a transaction, so that backlog transactions alone
 * never hold every core (and every pooled connection) while a live check-in waits; a live
 * batch never waits. Per replica: what it shares out is this JVM's CPU and pool.
 */
@Component
class BacklogLane {

	static final String LANE = "reconciler-batches";

	private final BatchAdmissionProperties properties;

	private final AdmissionLane lane;

	BacklogLane(BatchAdmissionProperties properties, MeterRegistry registry) {
		this.properties = properties;
		this.lane = new AdmissionLane(LANE, properties.backlog(), registry);
	}

	/**
	 * Runs a batch's work, in the lane when it is backlog.
	 * @param entries the batch's entries
	 * @param work claims, transaction, answer
	 * @param <T> the answer
	 * @return the answer
	 * @throws BacklogShedException when a backlog batch waited {@code max-queue-wait} in
	 * vain: nothing of it was claimed or applied
	 */
	<T> T admit(int entries, Supplier<T> work) {
		if (this.properties.live(entries)) {
			return work.get();
		}
		Optional<AdmissionLane.Permit> permit = this.lane.enter(this.properties.maxQueueWait());
		if (permit.isEmpty()) {
			throw new BacklogShedException();
		}
		try (AdmissionLane.Permit held = permit.get()) {
			try {
				return work.get();
			}
			catch (DataAccessResourceFailureException | TransientDataAccessException
					| CannotCreateTransactionException ex) {
				// a pool exhausted, a lock or statement timeout: overload, the limit
				// drops
				held.dropped();
				throw ex;
			}
			catch (RuntimeException ex) {
				held.ignore();
				throw ex;
			}
		}
	}

	/**
	 * The lane, for tests that hold its permits.
	 * @return the lane
	 */
	AdmissionLane lane() {
		return this.lane;
	}

	/** A backlog batch shed by the lane: nothing of it was claimed or applied. */
	static final class BacklogShedException extends RuntimeException {

		BacklogShedException() {
			super("The reconciler's backlog lane is full", null, false, false);
		}

	}

}
