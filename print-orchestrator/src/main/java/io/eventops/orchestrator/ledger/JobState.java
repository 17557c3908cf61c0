package io.eventops.orchestrator.ledger;

import java.util.EnumSet;
import java.util.Set;

/**
 * Where a badge job stands in the print ledger, and the only ways it moves
 * ({@link Transition}): each conditional update of {@link PrintLedger} is one transition,
 * and {@code LedgerTransitionTests} holds every update to this table on a real
 * PostgreSQL, state by state. {@link #PRINTED} and {@link #WITHDRAWN} are final.
 */
public enum JobState {

	/** In the ledger, not yet on a printer's queue (no UP printer in its pool). */
	PENDING,

	/** On a printer's queue (or about to be pushed there). */
	QUEUED,

	/** Sent to a printer, confirmation awaited. */
	PRINTING,

	/** The printer confirmed the label (invariant 8). */
	PRINTED,

	/**
	 * The label may or may not have come out; resolved by the printer's next clean probe
	 * or by failover.
	 */
	UNKNOWN_OUTCOME,

	/**
	 * A reprint issued the attendee a newer credential before this job's label came out:
	 * it is never sent (again), so a revoked badge does not come out.
	 */
	WITHDRAWN;

	/**
	 * Whether no transition leaves this state.
	 * @return {@code true} for {@link #PRINTED} and {@link #WITHDRAWN}
	 */
	public boolean isFinal() {
		for (Transition transition : Transition.values()) {
			if (transition.from().contains(this)) {
				return false;
			}
		}
		return true;
	}

	/**
	 * A move of the print ledger: the states a job may be in for it, and the state it
	 * leaves the job in. A job in any other state is left as it is and the update reports
	 * that it did nothing.
	 */
	public enum Transition {

		/** {@link PrintLedger#assign}: onto the queue of an UP printer of its pool. */
		ASSIGN(QUEUED, PENDING),

		/** {@link PrintLedger#claim}: taken from the queue for its first send. */
		CLAIM(PRINTING, QUEUED),

		/**
		 * {@link PrintLedger#claimResend}: a send again, after no evidence either way
		 * (the same attempt only).
		 */
		RESEND(PRINTING, PRINTING, UNKNOWN_OUTCOME),

		/**
		 * {@link PrintLedger#markPrinted}: the printer's evidence that the label came
		 * out, the only way to {@link #PRINTED} (invariant 8).
		 */
		CONFIRM(PRINTED, PRINTING, UNKNOWN_OUTCOME),

		/**
		 * {@link PrintLedger#requeueDropped}: the printer's evidence that the label did
		 * not come out.
		 */
		REQUEUE(QUEUED, PRINTING, UNKNOWN_OUTCOME),

		/** {@link PrintLedger#markUnknown}: no evidence either way. */
		MARK_UNKNOWN(UNKNOWN_OUTCOME, PRINTING),

		/** {@link PrintLedger#unclaim} of a first send: nothing was sent. */
		GIVE_BACK(QUEUED, PRINTING),

		/** {@link PrintLedger#unclaim} of a resend: nothing was sent. */
		GIVE_BACK_UNKNOWN(UNKNOWN_OUTCOME, PRINTING),

		/**
		 * {@link PrintLedger#withdrawIfSuperseded}: a newer credential exists, so this
		 * label must never come out (again); also a job left PRINTING by a dead agent,
		 * once its outcome resolved without its label.
		 */
		WITHDRAW(WITHDRAWN, PENDING, QUEUED, PRINTING, UNKNOWN_OUTCOME),

		/**
		 * {@link PrintLedger#withdrawSupersededBy}: older jobs of a newly relayed
		 * credential that were never sent.
		 */
		WITHDRAW_SUPERSEDED(WITHDRAWN, PENDING, QUEUED),

		/**
		 * {@link PrintLedger#withdrawAnnulled}: newly relayed jobs, never sent, whose
		 * admission was annulled (#36).
		 */
		WITHDRAW_ANNULLED(WITHDRAWN, PENDING, QUEUED),

		/** {@link PrintLedger#moveTo}: failover to another printer (invariant 9). */
		MOVE(QUEUED, PENDING, QUEUED, PRINTING, UNKNOWN_OUTCOME),

		/**
		 * {@link PrintLedger#backToPending}: failover with no other UP printer in the
		 * pool.
		 */
		BACK_TO_PENDING(PENDING, PENDING, QUEUED, PRINTING, UNKNOWN_OUTCOME);

		private final JobState to;

		private final Set<JobState> from;

		Transition(JobState to, JobState first, JobState... rest) {
			this.to = to;
			this.from = EnumSet.of(first, rest);
		}

		/**
		 * The state the transition leaves a job in.
		 * @return the state
		 */
		public JobState to() {
			return this.to;
		}

		/**
		 * The states a job may be in for the transition.
		 * @return the states
		 */
		public Set<JobState> from() {
			return Set.copyOf(this.from);
		}

	}

}
