package io.eventops.reconciler.checkin;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.Outcome;
import io.eventops.model.flush.RejectionReason;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.reconciler.claim.ClaimState;
import io.eventops.reconciler.stream.ChangeKind;

/**
 * Every outcome of one batch, decided here and nowhere else. Plain Java: the SQL is
 * {@link CheckInWriter}'s, the order of the steps {@link BatchReconciler}'s.
 * <p>
 * An entry starts undecided. Its checks give it at most one provisional verdict (it
 * passed, or it is rejected for a reason) that holds only once its guard row is written;
 * it then gets exactly one final outcome through a named transition: {@link #duplicate},
 * {@link #inFlight}, {@link #reject}, {@link #stale} or {@link #applied}. A final outcome
 * is never overwritten: a transition that tries throws, so an entry is answered once and
 * as it was committed (invariants 1, 3, 4, 6).
 * <p>
 * A decision over the whole batch hands out {@link #part parts} for the transactions that
 * write it (a part per attempt, a half per split when PostgreSQL refuses an entry); only
 * the part of a committed transaction is {@link #adopt adopted} back.
 */
final class BatchDecision {

	private final String kioskId;

	private final List<BatchItem> items;

	// the first item of each key, and the later ones repeating it in the same batch
	private final Map<String, BatchItem> firsts;

	private final List<BatchItem> repeats;

	// items whose key is committed with another payload: index -> that fingerprint
	private final Map<Integer, String> reusedAs;

	// items this decision still has to write (the claimed ones, those Redis could not
	// answer for, and the reused ones)
	private final List<BatchItem> toWrite = new ArrayList<>();

	private final Map<Integer, Decided> decided = new HashMap<>();

	private BatchDecision(String kioskId, List<BatchItem> items, Map<Integer, String> reusedAs) {
		this.kioskId = kioskId;
		this.items = items;
		this.firsts = new LinkedHashMap<>();
		this.repeats = new ArrayList<>();
		for (BatchItem item : items) {
			if (this.firsts.putIfAbsent(item.key(), item) != null) {
				this.repeats.add(item);
			}
		}
		this.reusedAs = reusedAs;
	}

	/**
	 * A decision over a kiosk's batch.
	 * @param kioskId the kiosk
	 * @param entries the edge-checked entries, in request order
	 * @return the undecided batch
	 */
	static BatchDecision of(String kioskId, List<ReconcileEntry> entries) {
		List<BatchItem> items = new ArrayList<>(entries.size());
		for (int i = 0; i < entries.size(); i++) {
			items.add(BatchItem.of(i, kioskId, entries.get(i)));
		}
		return new BatchDecision(kioskId, items, new HashMap<>());
	}

	/**
	 * The first item of every key, in request order: what the claims are asked for.
	 * @return the unique items
	 */
	List<BatchItem> unique() {
		return List.copyOf(this.firsts.values());
	}

	/**
	 * Takes Redis's answer for the {@link #unique()} items: a key done with the same
	 * payload is a duplicate, done with another a key reuse, leased elsewhere in flight;
	 * claimed keys (and those Redis could not answer for) are to be written. A repeat in
	 * the batch with another payload than its first is a key reuse too.
	 * @param states the claim state of each unique item, in order
	 * @return the items this request leased, in order
	 */
	List<BatchItem> admit(List<ClaimState> states) {
		List<BatchItem> unique = unique();
		List<BatchItem> leased = new ArrayList<>();
		for (int i = 0; i < unique.size(); i++) {
			BatchItem item = unique.get(i);
			switch (states.get(i)) {
				case ClaimState.Claimed claimed -> {
					this.toWrite.add(item);
					leased.add(item);
				}
				case ClaimState.Unavailable unavailable -> this.toWrite.add(item);
				case ClaimState.Done done when done.fingerprint().equals(item.fingerprint()) ->
					duplicate(item, done.fingerprint());
				case ClaimState.Done done -> reused(item, done.fingerprint());
				case ClaimState.Leased leased1 -> inFlight(item);
			}
		}
		for (BatchItem repeat : this.repeats) {
			String first = this.firsts.get(repeat.key()).fingerprint();
			if (!repeat.fingerprint().equals(first)) {
				reused(repeat, first);
			}
		}
		return leased;
	}

	private void reused(BatchItem item, String storedFingerprint) {
		this.reusedAs.put(item.index(), storedFingerprint);
		this.toWrite.add(item);
	}

	/**
	 * The items still to be written, in request order.
	 * @return the items
	 */
	List<BatchItem> toWrite() {
		return this.toWrite.stream().sorted(java.util.Comparator.comparingInt(BatchItem::index)).toList();
	}

	/**
	 * A fresh, undecided decision over some of this decision's items, for one transaction
	 * to write.
	 * @param units the items
	 * @return the part
	 */
	BatchDecision part(List<BatchItem> units) {
		Map<Integer, String> reuse = new HashMap<>();
		for (BatchItem unit : units) {
			if (this.reusedAs.containsKey(unit.index())) {
				reuse.put(unit.index(), this.reusedAs.get(unit.index()));
			}
		}
		BatchDecision part = new BatchDecision(this.kioskId, List.copyOf(units), reuse);
		part.toWrite.addAll(units);
		return part;
	}

	/**
	 * Takes the final outcomes of a committed part.
	 * @param part the part
	 */
	void adopt(BatchDecision part) {
		part.decided.forEach((index, decision) -> {
			if (!decision.isFinal()) {
				throw new IllegalStateException("entry " + index + " committed without a final outcome");
			}
			settle(index, decision.outcome());
		});
	}

	// Checks, before the guard.

	/**
	 * The attendees whose event the checks need.
	 * @return the attendee ids of the valid entries to decide
	 */
	Set<String> attendeesToLookUp() {
		Set<String> ids = new HashSet<>();
		for (BatchItem item : toDecide()) {
			if (item.entry().isValid()) {
				ids.add(item.attendeeId());
			}
		}
		return ids;
	}

	/**
	 * Gives every entry to decide its provisional verdict: the edge's rejection, an
	 * unknown attendee, one of another event, or passed.
	 * @param eventId the kiosk's event
	 * @param eventOf the event of each known attendee
	 */
	void check(String eventId, Map<String, String> eventOf) {
		for (BatchItem item : toDecide()) {
			EntryDecision verdict;
			if (!item.entry().isValid()) {
				verdict = EntryDecision.rejected(item.entry().rejection(), item.entry().rejectionField(),
						item.fingerprint());
			}
			else if (!eventOf.containsKey(item.attendeeId())) {
				verdict = EntryDecision.rejected(RejectionReason.UNKNOWN_ATTENDEE, null, item.fingerprint());
			}
			else if (!eventOf.get(item.attendeeId()).equals(eventId)) {
				verdict = EntryDecision.rejected(RejectionReason.WRONG_EVENT, null, item.fingerprint());
			}
			else {
				verdict = EntryDecision.of(Outcome.APPLIED, item.fingerprint());
			}
			provisional(item, verdict);
		}
	}

	/**
	 * The items whose guard row this decision writes: every item to write but the reused
	 * ones (their key's row exists).
	 * @return the items
	 */
	List<BatchItem> toDecide() {
		return toWrite().stream().filter((item) -> !this.reusedAs.containsKey(item.index())).toList();
	}

	/**
	 * The guard row of an item to decide: its provisional verdict.
	 * @param item an item to decide
	 * @return the verdict
	 */
	EntryDecision verdict(BatchItem item) {
		return decidedOf(item).outcome();
	}

	// The guard (invariant 1) and key reuse (invariant 3).

	/**
	 * The items to decide whose guard row was not inserted because the key was there.
	 * @param guarded the keys whose row the insert wrote
	 * @return the keys to read the stored fingerprint of
	 */
	List<String> guardConflicts(Set<String> guarded) {
		return toDecide().stream().map(BatchItem::key).filter((key) -> !guarded.contains(key)).toList();
	}

	/**
	 * Settles what the guard decided: a key that was there is a replay that Redis missed
	 * (same payload) or a key reuse (another payload); a rejection whose row was written
	 * is final; a reused item is rejected.
	 * @param guarded the keys whose row the insert wrote
	 * @param stored the stored fingerprint of each key that was there
	 */
	void guardWritten(Set<String> guarded, Map<String, String> stored) {
		for (BatchItem item : toDecide()) {
			if (guarded.contains(item.key())) {
				EntryDecision verdict = verdict(item);
				if (verdict.outcome() == Outcome.REJECTED) {
					reject(item, verdict.reason(), verdict.field(), verdict.storedFingerprint());
				}
			}
			else if (item.fingerprint().equals(stored.get(item.key()))) {
				duplicate(item, stored.get(item.key()));
			}
			else {
				reject(item, RejectionReason.KEY_REUSE_MISMATCH, null, stored.get(item.key()));
			}
		}
		for (BatchItem item : toWrite()) {
			if (this.reusedAs.containsKey(item.index())) {
				reject(item, RejectionReason.KEY_REUSE_MISMATCH, null, this.reusedAs.get(item.index()));
			}
		}
	}

	// Last write wins (invariant 4).

	/**
	 * The entries that passed and were guarded, by attendee, the one that outranks the
	 * others of the batch for each.
	 * @return the winner per attendee
	 */
	Map<String, BatchItem> winners() {
		Map<String, BatchItem> winners = new LinkedHashMap<>();
		for (BatchItem item : admissions()) {
			winners.merge(item.attendeeId(), item,
					(a, b) -> b.orderingKey(this.kioskId).outranks(a.orderingKey(this.kioskId)) ? b : a);
		}
		return winners;
	}

	/**
	 * The attendees one of whose passed entries says the kiosk printed the badge itself
	 * (invariant 7: no job for them).
	 * @return the attendee ids
	 */
	Set<String> printedLocally() {
		Set<String> attendees = new HashSet<>();
		for (BatchItem item : admissions()) {
			if (item.entry().entry().badgePrintedLocally()) {
				attendees.add(item.attendeeId());
			}
		}
		return attendees;
	}

	/**
	 * The keys of passed entries that another of the batch outranks: stale whatever the
	 * table holds.
	 * @return the keys
	 */
	List<String> losers() {
		Map<String, BatchItem> winners = winners();
		return admissions().stream()
			.filter((item) -> winners.get(item.attendeeId()) != item)
			.map(BatchItem::key)
			.toList();
	}

	/**
	 * The passed entries that are admissions ({@code CHECK_IN}): the only ones that
	 * compete for the winning record. An {@code EXIT}, {@code REFUSED} or {@code ANNUL}
	 * changes no check-in and no count.
	 * @return the items
	 */
	List<BatchItem> admissions() {
		return passed().stream().filter(BatchItem::isAdmission).toList();
	}

	/**
	 * Settles the passed entries with what the conditional upsert did: a winner whose row
	 * was written is applied (with its badge job, if one was created), every other passed
	 * entry is stale.
	 * @param written what the upsert wrote, by attendee
	 * @return the change for the event's stream, by attendee
	 */
	Map<String, ChangeKind> applied(Map<String, CheckInWriter.Applied> written) {
		return applied(written, Map.of());
	}

	/**
	 * Settles the passed entries with what the conditional upsert did, as
	 * {@link #applied(Map)}, for an event with a policy: every entry that is not an
	 * admission is applied as the movement it was recorded as, and the badge job an
	 * admission created with its movement goes to its result.
	 * @param written what the upsert wrote, by attendee
	 * @param jobsByKey the badge job each movement created, by key
	 * @return the change for the event's stream, by attendee
	 */
	Map<String, ChangeKind> applied(Map<String, CheckInWriter.Applied> written, Map<String, String> jobsByKey) {
		Map<String, BatchItem> winners = winners();
		for (BatchItem item : passed()) {
			CheckInWriter.Applied row = written.get(item.attendeeId());
			String job = jobsByKey.get(item.key());
			if (!item.isAdmission()) {
				applied(item, null);
			}
			else if (winners.get(item.attendeeId()) == item && row != null) {
				applied(item, (row.badgeJobId() != null) ? row.badgeJobId() : job);
			}
			else {
				stale(item, job);
			}
		}
		Map<String, ChangeKind> changes = new HashMap<>();
		written.forEach(
				(attendee, row) -> changes.put(attendee, row.inserted() ? ChangeKind.CHECKED_IN : ChangeKind.UPDATED));
		return changes;
	}

	/**
	 * The entries that passed their checks and hold their guard row, still undecided.
	 * @return the items
	 */
	List<BatchItem> passed() {
		return toDecide().stream().filter((item) -> {
			Decided decision = this.decided.get(item.index());
			return decision != null && !decision.isFinal() && decision.outcome().outcome() == Outcome.APPLIED;
		}).toList();
	}

	/**
	 * The rejected entries, for the quarantine.
	 * @return the items
	 */
	List<BatchItem> toQuarantine() {
		return toWrite().stream().filter((item) -> {
			Decided decision = this.decided.get(item.index());
			return decision != null && decision.isFinal() && decision.outcome().outcome() == Outcome.REJECTED;
		}).toList();
	}

	// After the write.

	/**
	 * Answers the repeats that were not key reuse like their first: in flight when it is,
	 * else duplicates.
	 */
	void settleRepeats() {
		for (BatchItem repeat : this.repeats) {
			if (!this.decided.containsKey(repeat.index())) {
				Outcome first = decision(this.firsts.get(repeat.key())).outcome();
				if (first == Outcome.IN_FLIGHT) {
					inFlight(repeat);
				}
				else {
					duplicate(repeat, null);
				}
			}
		}
	}

	/**
	 * Counts the final outcomes of one kind.
	 * @param outcome the outcome
	 * @return how many entries have it
	 */
	long count(Outcome outcome) {
		return this.decided.values()
			.stream()
			.filter((decision) -> decision.isFinal() && decision.outcome().outcome() == outcome)
			.count();
	}

	/**
	 * An item's final outcome.
	 * @param item the item
	 * @return the decision
	 * @throws IllegalStateException when it has none yet
	 */
	EntryDecision decision(BatchItem item) {
		Decided decision = decidedOf(item);
		if (!decision.isFinal()) {
			throw new IllegalStateException("entry " + item.key() + " is not decided yet");
		}
		return decision.outcome();
	}

	/**
	 * The answer, one result per entry in request order.
	 * @return the results
	 * @throws IllegalStateException when an entry is undecided
	 */
	List<EntryResult> results() {
		List<EntryResult> results = new ArrayList<>(this.items.size());
		for (BatchItem item : this.items) {
			EntryDecision decision = decision(item);
			ReconcileEntry entry = item.entry();
			String key = (entry.idempotencyKey() != null) ? entry.idempotencyKey() : item.key();
			results.add(new EntryResult(entry.seq(), key, decision.outcome(), decision.reason(), decision.field(),
					decision.badgeJobId(), entry.flags()));
		}
		return results;
	}

	// The transitions.

	void duplicate(BatchItem item, String storedFingerprint) {
		settle(item.index(), EntryDecision.of(Outcome.DUPLICATE, storedFingerprint));
	}

	void inFlight(BatchItem item) {
		settle(item.index(), EntryDecision.of(Outcome.IN_FLIGHT, null));
	}

	void reject(BatchItem item, RejectionReason reason, String field, String storedFingerprint) {
		settle(item.index(), EntryDecision.rejected(reason, field, storedFingerprint));
	}

	void stale(BatchItem item) {
		stale(item, null);
	}

	// an admission another outranks may still be the movement that created the badge job
	// (the first admission at the badge desk, with a policy)
	void stale(BatchItem item, String badgeJobId) {
		settle(item.index(), new EntryDecision(Outcome.STALE, null, null, badgeJobId, item.fingerprint()));
	}

	void applied(BatchItem item, String badgeJobId) {
		settle(item.index(), new EntryDecision(Outcome.APPLIED, null, null, badgeJobId, item.fingerprint()));
	}

	private void provisional(BatchItem item, EntryDecision verdict) {
		Decided before = this.decided.get(item.index());
		if (before != null) {
			throw new IllegalStateException("entry " + item.key() + " already has " + before.outcome().outcome());
		}
		this.decided.put(item.index(), new Decided(verdict, false));
	}

	private void settle(int index, EntryDecision outcome) {
		Decided before = this.decided.get(index);
		if (before != null && before.isFinal()) {
			throw new IllegalStateException("entry " + index + " is already " + before.outcome().outcome()
					+ "; refused to make it " + outcome.outcome());
		}
		this.decided.put(index, new Decided(outcome, true));
	}

	private Decided decidedOf(BatchItem item) {
		Decided decision = this.decided.get(item.index());
		if (decision == null) {
			throw new IllegalStateException("entry " + item.key() + " is undecided");
		}
		return decision;
	}

	/**
	 * The items of this decision.
	 * @return the items, in request order
	 */
	Collection<BatchItem> items() {
		return this.items;
	}

	private record Decided(EntryDecision outcome, boolean isFinal) {
	}

}
