package io.eventops.reconciler.express;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.eventops.reconciler.web.DomainException;
import io.eventops.reconciler.web.ReconcilerProblem;
import io.eventops.web.Refusal.Kind;

/**
 * An express code as the aggregate that decides what may happen to it: {@link #issue
 * issued} for a group of attendees, {@link #claim claimed} by one redemption attempt with
 * a lease, {@link #use used} once by that attempt, or {@link #replace replaced} by a
 * fresh code while unused and while no check-in of it committed. Every transition either
 * returns the code as it is afterwards or refuses; {@link ExpressCodes} only loads it
 * under a row lock and writes it back. Time comes from the injected {@link Clock}; what
 * is stored is truncated to PostgreSQL's microseconds, so that a resumed attempt reads
 * back exactly the time its first try used (invariant 3: the same key, the same payload).
 *
 * @param clock the time
 * @param code the code, canonical
 * @param eventId its event
 * @param attendeeIds the attendees it checks in, in issue order (their positions key the
 * check-ins)
 * @param expiresAt when it stops working
 * @param replacedBy the code that replaced it, null while not replaced
 * @param attempt the client submission id of the attempt that claimed it last, null
 * before the first claim
 * @param selection the attendees that attempt checks in, null before the first claim
 * @param leaseExpiresAt when that attempt's lease ends, null when no lease is held
 * @param firstClaimedAt when the code was first claimed, null before
 * @param usedAt when it was used, null while unused
 * @param checkedIn whether check-ins of the code committed: the attempt that claimed it
 * last applied them (at least in part), so the code is that attempt's, with or without a
 * lease or a stored result (its check-ins' guard rows are the durable record, written in
 * their transaction)
 */
record IssuedCode(Clock clock, String code, String eventId, List<String> attendeeIds, Instant expiresAt,
		String replacedBy, String attempt, List<String> selection, Instant leaseExpiresAt, Instant firstClaimedAt,
		Instant usedAt, boolean checkedIn) {

	IssuedCode {
		attendeeIds = List.copyOf(attendeeIds);
		selection = (selection != null) ? List.copyOf(selection) : null;
	}

	/**
	 * A new code, refused unless it expires in the future.
	 * @param clock the time
	 * @param code the new code
	 * @param eventId its event
	 * @param attendeeIds its attendees, distinct
	 * @param expiresAt when it stops working, null for the default validity
	 * @param validity how long a code works by default
	 * @return the code, unclaimed
	 */
	static IssuedCode issue(Clock clock, String code, String eventId, List<String> attendeeIds, Instant expiresAt,
			Duration validity) {
		Instant expiry = (expiresAt != null) ? expiresAt : stamp(clock).plus(validity);
		if (!expiry.isAfter(clock.instant())) {
			throw DomainException.invalid(ReconcilerProblem.INVALID_EXPIRY, "expiresAt must be in the future.");
		}
		return new IssuedCode(clock, code, eventId, attendeeIds, expiry, null, null, null, null, null, null, false);
	}

	/**
	 * Claims the code for one attempt with a lease. The attempt that already used it gets
	 * the code back unchanged (its stored result is the answer); the same attempt may
	 * take its own lease over (its first try may have died holding it, and resuming
	 * replays the same entries) and keeps the selection its first try stored.
	 * @param redeemingEventId the event the kiosk redeems for
	 * @param attemptId the attempt's client submission id
	 * @param requested the attendees asked for, null or empty for all of the code's
	 * @param leaseTtl how long the lease holds
	 * @return the code claimed by the attempt, or used by it already
	 */
	IssuedCode claim(String redeemingEventId, String attemptId, List<String> requested, Duration leaseTtl) {
		if (!this.eventId.equals(redeemingEventId)) {
			throw new DomainException(Kind.INVALID, ReconcilerProblem.WRONG_EVENT, "Code of another event",
					"Code " + this.code + " belongs to another event.");
		}
		boolean sameAttempt = attemptId.equals(this.attempt);
		if (this.usedAt != null) {
			if (sameAttempt) {
				return this;
			}
			throw DomainException.conflict(ReconcilerProblem.ALREADY_USED, "Code " + this.code + " was already used.");
		}
		if (this.replacedBy != null) {
			throw new DomainException(Kind.GONE, ReconcilerProblem.REPLACED, "Code replaced",
					"Code " + this.code + " was replaced by a newer code.");
		}
		Instant now = this.clock.instant();
		// a code that expired after its check-ins committed still answers their retry
		if (!this.expiresAt.isAfter(now) && !(sameAttempt && this.checkedIn)) {
			throw new DomainException(Kind.GONE, ReconcilerProblem.EXPIRED, "Code expired",
					"Code " + this.code + " expired.");
		}
		// two tries of one attempt at once still create no twin: their keys are the same
		if (!sameAttempt && this.leaseExpiresAt != null && this.leaseExpiresAt.isAfter(now)) {
			throw DomainException.conflict(ReconcilerProblem.IN_FLIGHT,
					"Another station is redeeming code " + this.code + " right now; retry shortly.");
		}
		// after the lease: the check-ins of the attempt that claimed it last committed,
		// only their result is not stored (storing it failed, or its pod died): the code
		// is spent on that attempt's selection, whose retry gets what committed
		if (this.checkedIn && !sameAttempt) {
			throw DomainException.conflict(ReconcilerProblem.ALREADY_USED,
					"Code " + this.code + " was already redeemed at another station.");
		}
		List<String> chosen = (sameAttempt && this.selection != null) ? this.selection : select(requested);
		return new IssuedCode(this.clock, this.code, this.eventId, this.attendeeIds, this.expiresAt, null, attemptId,
				chosen, stamp(this.clock).plus(leaseTtl),
				(this.firstClaimedAt != null) ? this.firstClaimedAt : stamp(this.clock), null, this.checkedIn);
	}

	/**
	 * Whether the attempt may store its result on the code: it claimed it last and the
	 * code is unused. An attempt whose lease another attempt took over after it ran out
	 * stores nothing; the other attempt's result is the same.
	 * @param attemptId the attempt's client submission id
	 * @return true when {@link #use} would accept it
	 */
	boolean heldBy(String attemptId) {
		return this.usedAt == null && attemptId.equals(this.attempt);
	}

	/**
	 * Uses the code up: the attempt that claimed it last applied its check-ins. A code is
	 * used once.
	 * @param attemptId the attempt's client submission id
	 * @return the code used, its lease released
	 */
	IssuedCode use(String attemptId) {
		if (this.usedAt != null) {
			throw DomainException.conflict(ReconcilerProblem.ALREADY_USED, "Code " + this.code + " was already used.");
		}
		if (!attemptId.equals(this.attempt)) {
			throw DomainException.conflict(ReconcilerProblem.IN_FLIGHT,
					"Code " + this.code + " is claimed by another attempt.");
		}
		return new IssuedCode(this.clock, this.code, this.eventId, this.attendeeIds, this.expiresAt, this.replacedBy,
				this.attempt, this.selection, null, this.firstClaimedAt, stamp(this.clock), this.checkedIn);
	}

	/**
	 * Replaces an unused code by a fresh one for the same attendees and expiry (a lost or
	 * leaked code).
	 * @param freshCode the new code
	 * @return the old code, replaced, and the fresh one
	 */
	Replacement replace(String freshCode) {
		if (this.replacedBy != null || this.usedAt != null || this.checkedIn) {
			throw DomainException.conflict(ReconcilerProblem.NOT_REPLACEABLE,
					"Code " + this.code + " was already " + ((this.replacedBy != null) ? "replaced." : "used."));
		}
		IssuedCode replaced = new IssuedCode(this.clock, this.code, this.eventId, this.attendeeIds, this.expiresAt,
				freshCode, this.attempt, this.selection, this.leaseExpiresAt, this.firstClaimedAt, null, false);
		IssuedCode fresh = new IssuedCode(this.clock, freshCode, this.eventId, this.attendeeIds, this.expiresAt, null,
				null, null, null, null, null, false);
		return new Replacement(replaced, fresh);
	}

	private List<String> select(List<String> requested) {
		if (requested == null || requested.isEmpty()) {
			return this.attendeeIds;
		}
		Set<String> allowed = new HashSet<>(this.attendeeIds);
		List<String> chosen = requested.stream().distinct().toList();
		if (!allowed.containsAll(chosen)) {
			throw DomainException.invalid(ReconcilerProblem.NOT_IN_CODE,
					"attendeeIds must be a subset of the code's attendees.");
		}
		return chosen;
	}

	// what is stored: PostgreSQL keeps microseconds
	private static Instant stamp(Clock clock) {
		return clock.instant().truncatedTo(ChronoUnit.MICROS);
	}

	boolean isUsed() {
		return this.usedAt != null;
	}

	/**
	 * A replacement: the old code, now replaced, and the fresh code.
	 *
	 * @param replaced the old code
	 * @param fresh the new code
	 */
	record Replacement(IssuedCode replaced, IssuedCode fresh) {
	}

}
