package io.eventops.reconciler.checkin;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.Outcome;
import io.eventops.model.flush.RejectionReason;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.model.reconcile.ReconcileResponse;
import io.eventops.reconciler.claim.ClaimState;
import io.eventops.reconciler.claim.ClaimStore;
import io.eventops.reconciler.config.ReconcilerProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reconciles one kiosk's batch: claims its keys in one Redis round, judges and applies
 * what it claimed in one PostgreSQL transaction, then marks the claims done in one more
 * round. A failure before commit releases the claims (invariant 2), and nothing is
 * answered before the commit (invariant 6). When PostgreSQL refuses the batch for what an
 * entry carries, the batch is split and retried until the offending entries are found;
 * they are rejected and quarantined, the rest applied (invariant 11).
 */
@Service
public class BatchReconciler {

	private static final Logger logger = LoggerFactory.getLogger(BatchReconciler.class);

	private final ClaimStore claims;

	private final CheckInWriter writer;

	private final TransactionTemplate transactions;

	private final ReconcileMetrics metrics;

	private final int retries;

	BatchReconciler(ClaimStore claims, CheckInWriter writer, TransactionTemplate transactions, ReconcileMetrics metrics,
			ReconcilerProperties properties) {
		this.claims = claims;
		this.writer = writer;
		this.transactions = transactions;
		this.metrics = metrics;
		this.retries = properties.transactionRetries();
	}

	/**
	 * Reconciles a batch.
	 * @param request the edge-validated batch of one kiosk
	 * @return one result per entry, in the request's order
	 */
	public ReconcileResponse reconcile(ReconcileRequest request) {
		long started = System.nanoTime();
		List<BatchItem> items = new ArrayList<>(request.entries().size());
		for (int i = 0; i < request.entries().size(); i++) {
			items.add(BatchItem.of(i, request.kioskId(), request.entries().get(i)));
		}
		Map<String, BatchItem> firsts = new LinkedHashMap<>();
		List<BatchItem> repeats = new ArrayList<>();
		for (BatchItem item : items) {
			if (firsts.putIfAbsent(item.key(), item) != null) {
				repeats.add(item);
			}
		}
		List<BatchItem> unique = List.copyOf(firsts.values());
		List<String> keys = unique.stream()
			.map((item) -> this.claims.key(request.kioskId(), item.entry().seq()))
			.toList();
		ClaimStore.Claims claimed = this.claims.claim(keys);

		Map<Integer, Judgement> judgements = new HashMap<>();
		List<BatchItem> toJudge = new ArrayList<>();
		Map<BatchItem, String> reused = new HashMap<>();
		List<String> leasedKeys = new ArrayList<>();
		List<BatchItem> leasedItems = new ArrayList<>();
		for (int i = 0; i < unique.size(); i++) {
			BatchItem item = unique.get(i);
			switch (claimed.states().get(i)) {
				case ClaimState.Claimed claimedState -> {
					toJudge.add(item);
					leasedKeys.add(keys.get(i));
					leasedItems.add(item);
				}
				case ClaimState.Unavailable unavailable -> toJudge.add(item);
				case ClaimState.Done done when done.fingerprint().equals(item.fingerprint()) -> {
					judgements.put(item.index(), Judgement.of(Outcome.DUPLICATE, done.fingerprint()));
					this.metrics.fastPathDuplicate();
				}
				case ClaimState.Done done -> reused.put(item, done.fingerprint());
				case ClaimState.Leased leased -> judgements.put(item.index(), Judgement.of(Outcome.IN_FLIGHT, null));
			}
		}
		for (BatchItem repeat : repeats) {
			if (!repeat.fingerprint().equals(firsts.get(repeat.key()).fingerprint())) {
				reused.put(repeat, firsts.get(repeat.key()).fingerprint());
			}
		}
		if (!toJudge.isEmpty() || !reused.isEmpty()) {
			try {
				judgements.putAll(writeIsolatingPoison(request, toJudge, reused));
			}
			catch (RuntimeException ex) {
				this.claims.release(claimed.lease(), leasedKeys);
				throw ex;
			}
			this.claims.complete(claimed.lease(), leasedKeys,
					leasedItems.stream().map((item) -> judgements.get(item.index()).storedFingerprint()).toList());
		}
		for (BatchItem repeat : repeats) {
			if (!judgements.containsKey(repeat.index())) {
				Outcome first = judgements.get(firsts.get(repeat.key()).index()).outcome();
				judgements.put(repeat.index(),
						Judgement.of((first == Outcome.IN_FLIGHT) ? Outcome.IN_FLIGHT : Outcome.DUPLICATE, null));
			}
		}
		List<EntryResult> results = new ArrayList<>(items.size());
		for (BatchItem item : items) {
			results.add(result(item, judgements.get(item.index())));
		}
		this.metrics.batch(results, System.nanoTime() - started);
		return new ReconcileResponse(results);
	}

	// The set-based statements judge a good batch in one transaction (the fast path
	// every batch takes first); only a batch that PostgreSQL refused for its data is
	// split, in halves, each in its own transaction, down to the single entries that
	// still fail: k poison entries in n cost about 2k·log2(n) short transactions. Halves
	// committed apart judge the same as one batch would, but for an entry that another
	// entry of the batch outranks: it may be APPLIED and then superseded instead of
	// STALE, which converges to the same state (invariant 4).
	private Map<Integer, Judgement> writeIsolatingPoison(ReconcileRequest request, List<BatchItem> toJudge,
			Map<BatchItem, String> reused) {
		try {
			return writeWithRetries(request, toJudge, reused);
		}
		catch (DataAccessException ex) {
			String state = PoisonEntries.entrySpecificState(ex);
			if (state == null) {
				throw ex;
			}
			if (toJudge.size() + reused.size() == 1) {
				return rejectPoison(request, toJudge, reused, state);
			}
			List<BatchItem> units = new ArrayList<>(toJudge);
			units.addAll(reused.keySet());
			units.sort(Comparator.comparingInt(BatchItem::index));
			Map<Integer, Judgement> judged = new HashMap<>();
			for (List<BatchItem> half : List.of(units.subList(0, units.size() / 2),
					units.subList(units.size() / 2, units.size()))) {
				List<BatchItem> halfToJudge = new ArrayList<>();
				Map<BatchItem, String> halfReused = new HashMap<>();
				for (BatchItem unit : half) {
					if (reused.containsKey(unit)) {
						halfReused.put(unit, reused.get(unit));
					}
					else {
						halfToJudge.add(unit);
					}
				}
				judged.putAll(writeIsolatingPoison(request, halfToJudge, halfReused));
			}
			return judged;
		}
	}

	// One entry PostgreSQL refuses: rejected with its guard row, nothing applied, and
	// quarantined as received, or, when even that is refused, as a storable stand-in.
	private Map<Integer, Judgement> rejectPoison(ReconcileRequest request, List<BatchItem> toJudge,
			Map<BatchItem, String> reused, String state) {
		BatchItem item = toJudge.isEmpty() ? reused.keySet().iterator().next() : toJudge.get(0);
		this.metrics.poisonEntry(state);
		// every one is worth a look: the edge's checks let it through, and a refusal that
		// every entry meets (a schema bug) would show here as a stream of them
		logger.warn("PostgreSQL refused entry {} of kiosk {} (SQLSTATE {}): rejected and quarantined on its own",
				item.key(), request.kioskId(), state);
		String field = PoisonEntries.fieldOf(state);
		try {
			return writePoisoned(request, item.poisoned(field, item.entry().rawEntry()), reused.get(item));
		}
		catch (DataAccessException ex) {
			String again = PoisonEntries.entrySpecificState(ex);
			if (again == null) {
				throw ex;
			}
			return writePoisoned(request, item.poisoned(field, PoisonEntries.storableStandIn(item, again)),
					reused.get(item));
		}
	}

	private Map<Integer, Judgement> writePoisoned(ReconcileRequest request, BatchItem poisoned, String reusedAs) {
		return (reusedAs != null) ? writeWithRetries(request, List.of(), Map.of(poisoned, reusedAs))
				: writeWithRetries(request, List.of(poisoned), Map.of());
	}

	private Map<Integer, Judgement> writeWithRetries(ReconcileRequest request, List<BatchItem> toJudge,
			Map<BatchItem, String> reused) {
		for (int attempt = 1;; attempt++) {
			try {
				Map<Integer, Judgement> written = this.transactions
					.execute((status) -> this.writer.write(request, toJudge, reused));
				this.metrics.guardDuplicates(
						written.values().stream().filter((judged) -> judged.outcome() == Outcome.DUPLICATE).count());
				return written;
			}
			catch (ConcurrencyFailureException ex) {
				// a deadlock or serialization failure rolled everything back: the batch
				// is retried whole
				if (attempt >= this.retries) {
					throw ex;
				}
			}
		}
	}

	private static EntryResult result(BatchItem item, Judgement judged) {
		ReconcileEntry entry = item.entry();
		String key = (entry.idempotencyKey() != null) ? entry.idempotencyKey() : item.key();
		RejectionReason reason = judged.reason();
		return new EntryResult(entry.seq(), key, judged.outcome(), reason, judged.field(), judged.badgeJobId(),
				entry.flags());
	}

}
