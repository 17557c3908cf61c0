package io.eventops.reconciler.checkin;

import java.util.List;
import java.util.Map;
import java.util.Set;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.Outcome;
import io.eventops.model.flush.RejectionReason;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.claim.ClaimState;
import io.eventops.reconciler.stream.ChangeKind;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * A batch's decisions without Spring, PostgreSQL or Redis: the transitions, the refusal
 * to overwrite a final outcome, and the decisions of each step fed with what the
 * statements would answer.
 */
class BatchDecisionTests {

	private static final String KIOSK = "k-decide";

	private static final String EVENT = "evt-decide";

	private static final ClaimState CLAIMED = new ClaimState.Claimed();

	@Test
	void aFinalOutcomeIsNeverOverwritten() {
		BatchDecision batch = BatchDecision.of(KIOSK, List.of(entry(1, "a1")));
		BatchItem item = batch.unique().get(0);
		batch.duplicate(item, item.fingerprint());
		assertThatIllegalStateException().isThrownBy(() -> batch.applied(item, "job"))
			.withMessageContaining("already DUPLICATE");
		assertThatIllegalStateException().isThrownBy(() -> batch.stale(item));
		assertThatIllegalStateException().isThrownBy(() -> batch.inFlight(item));
		assertThatIllegalStateException()
			.isThrownBy(() -> batch.reject(item, RejectionReason.UNKNOWN_ATTENDEE, null, item.fingerprint()));
		assertThat(batch.results()).extracting(EntryResult::outcome).containsExactly(Outcome.DUPLICATE);
	}

	@Test
	void anUndecidedEntryCannotBeAnswered() {
		BatchDecision batch = BatchDecision.of(KIOSK, List.of(entry(1, "a1"), entry(2, "a2")));
		batch.inFlight(batch.unique().get(0));
		assertThatIllegalStateException().isThrownBy(batch::results).withMessageContaining("undecided");
	}

	@Test
	void redisAnswersDecideReplaysLeasesAndKeyReuseBeforeAnyWrite() {
		ReconcileEntry replayed = entry(1, "a1");
		ReconcileEntry reusedKey = entry(2, "a2");
		BatchDecision batch = BatchDecision.of(KIOSK, List.of(replayed, reusedKey, entry(3, "a3"), entry(4, "a4")));
		List<BatchItem> unique = batch.unique();
		List<BatchItem> leased = batch.admit(List.of(new ClaimState.Done(unique.get(0).fingerprint()),
				new ClaimState.Done("another-payload"), new ClaimState.Leased(), CLAIMED));
		assertThat(leased).containsExactly(unique.get(3));
		// the reused key is written (quarantined), never decided: its guard row is there
		assertThat(batch.toWrite()).containsExactly(unique.get(1), unique.get(3));
		assertThat(batch.toDecide()).containsExactly(unique.get(3));
		assertThat(batch.decision(unique.get(0)).outcome()).isEqualTo(Outcome.DUPLICATE);
		assertThat(batch.decision(unique.get(2)).outcome()).isEqualTo(Outcome.IN_FLIGHT);
	}

	@Test
	void theStepsOfOneTransactionDecideEveryOutcome() {
		ReconcileEntry older = entry(1, "a1");
		ReconcileEntry newer = entry(2, "a1");
		ReconcileEntry unknown = entry(3, "nobody");
		ReconcileEntry foreign = entry(4, "other-event");
		ReconcileEntry replayMissedByRedis = entry(5, "a5");
		ReconcileEntry keyReuse = entry(6, "a6");
		ReconcileEntry beatenByTable = entry(7, "a7");
		ReconcileEntry repeat = entry(1, "a1");
		BatchDecision batch = BatchDecision.of(KIOSK,
				List.of(older, newer, unknown, foreign, replayMissedByRedis, keyReuse, beatenByTable, repeat));
		batch.admit(List.of(CLAIMED, CLAIMED, CLAIMED, CLAIMED, CLAIMED, CLAIMED, CLAIMED));
		BatchDecision part = batch.part(batch.toWrite());
		part.check(EVENT, Map.of("a1", EVENT, "other-event", "evt-other", "a5", EVENT, "a6", EVENT, "a7", EVENT));
		assertThat(part.attendeesToLookUp()).contains("a1", "nobody", "a5");
		List<BatchItem> items = part.toDecide();
		String k5 = items.get(4).key();
		String k6 = items.get(5).key();
		Set<String> guarded = Set.of(items.get(0).key(), items.get(1).key(), items.get(2).key(), items.get(3).key(),
				items.get(6).key());
		assertThat(part.guardConflicts(guarded)).containsExactly(k5, k6);
		part.guardWritten(guarded, Map.of(k5, items.get(4).fingerprint(), k6, "another-payload"));
		assertThat(part.winners()).containsOnlyKeys("a1", "a7");
		assertThat(part.winners().get("a1")).isEqualTo(items.get(1));
		assertThat(part.losers()).containsExactly(items.get(0).key());
		// the table held a higher record for a7: the upsert wrote no row for it
		Map<String, ChangeKind> changes = part.applied(Map.of("a1", new CheckInWriter.Applied(true, "job-a1")));
		assertThat(changes).containsExactly(Map.entry("a1", ChangeKind.CHECKED_IN));
		assertThat(part.toQuarantine()).containsExactly(items.get(2), items.get(3), items.get(5));
		batch.adopt(part);
		batch.settleRepeats();

		List<EntryResult> results = batch.results();
		assertThat(results).extracting(EntryResult::outcome)
			.containsExactly(Outcome.STALE, Outcome.APPLIED, Outcome.REJECTED, Outcome.REJECTED, Outcome.DUPLICATE,
					Outcome.REJECTED, Outcome.STALE, Outcome.DUPLICATE);
		assertThat(results).extracting(EntryResult::reason)
			.containsExactly(null, null, RejectionReason.UNKNOWN_ATTENDEE, RejectionReason.WRONG_EVENT, null,
					RejectionReason.KEY_REUSE_MISMATCH, null, null);
		assertThat(results.get(1).badgeJobId()).isEqualTo("job-a1");
		assertThat(batch.decision(batch.unique().get(5)).storedFingerprint()).isEqualTo("another-payload");
	}

	@Test
	void aRepeatOfAnEntryInFlightIsInFlightAndARepeatWithAnotherPayloadIsKeyReuse() {
		ReconcileEntry first = entry(1, "a1");
		ReconcileEntry samePayload = entry(1, "a1");
		ReconcileEntry otherPayload = entry(1, "a2");
		BatchDecision batch = BatchDecision.of(KIOSK, List.of(first, samePayload, otherPayload));
		batch.admit(List.of(new ClaimState.Leased()));
		assertThat(batch.toWrite()).extracting(BatchItem::index).containsExactly(2);
		BatchDecision part = batch.part(batch.toWrite());
		part.check(EVENT, Map.of());
		part.guardWritten(Set.of(), Map.of());
		batch.adopt(part);
		batch.settleRepeats();
		assertThat(batch.results()).extracting(EntryResult::outcome)
			.containsExactly(Outcome.IN_FLIGHT, Outcome.IN_FLIGHT, Outcome.REJECTED);
	}

	@Test
	void aPartThatDidNotDecideEveryEntryIsNotAdopted() {
		BatchDecision batch = BatchDecision.of(KIOSK, List.of(entry(1, "a1")));
		batch.admit(List.of(CLAIMED));
		BatchDecision part = batch.part(batch.toWrite());
		part.check(EVENT, Map.of("a1", EVENT));
		part.guardWritten(Set.of(batch.unique().get(0).key()), Map.of());
		// passed and guarded, but the upsert has not run: provisional only
		assertThatIllegalStateException().isThrownBy(() -> batch.adopt(part))
			.withMessageContaining("without a final outcome");
	}

	private static ReconcileEntry entry(long seq, String attendee) {
		return TestData.entry(KIOSK, seq, attendee).build();
	}

}
