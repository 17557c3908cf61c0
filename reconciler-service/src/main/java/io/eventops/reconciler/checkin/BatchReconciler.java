package io.eventops.reconciler.checkin;

import java.util.List;
import java.util.Map;
import java.util.Set;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.Outcome;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.model.reconcile.ReconcileResponse;
import io.eventops.reconciler.claim.ClaimStore;
import io.eventops.reconciler.config.ReconcilerProperties;
import io.eventops.reconciler.stream.ChangeKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reconciles one kiosk's batch: claims its keys in one Redis round, decides and applies
 * what it claimed in one PostgreSQL transaction, then marks the claims done in one more
 * round. Every outcome is decided by {@link BatchDecision}; this class orders the steps,
 * {@link CheckInWriter} runs the SQL. A failure before commit releases the claims
 * (invariant 2), and nothing is answered before the commit (invariant 6). When PostgreSQL
 * refuses the batch for what an entry carries, the batch is split and retried until the
 * offending entries are found; they are rejected and quarantined, the rest applied
 * (invariant 11).
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
		BatchDecision batch = BatchDecision.of(request.kioskId(), request.entries());
		List<String> keys = batch.unique()
			.stream()
			.map((item) -> this.claims.key(request.kioskId(), item.entry().seq()))
			.toList();
		ClaimStore.Claims claimed = this.claims.claim(keys);
		List<BatchItem> leased = batch.admit(claimed.states());
		this.metrics.fastPathDuplicates(batch.count(Outcome.DUPLICATE));
		List<String> leasedKeys = leased.stream()
			.map((item) -> this.claims.key(request.kioskId(), item.entry().seq()))
			.toList();
		List<BatchItem> toWrite = batch.toWrite();
		if (!toWrite.isEmpty()) {
			try {
				writeIsolatingPoison(request, batch, toWrite);
			}
			catch (RuntimeException ex) {
				this.claims.release(claimed.lease(), leasedKeys);
				throw ex;
			}
			this.claims.complete(claimed.lease(), leasedKeys,
					leased.stream().map((item) -> batch.decision(item).storedFingerprint()).toList());
		}
		batch.settleRepeats();
		List<EntryResult> results = batch.results();
		this.metrics.batch(results, System.nanoTime() - started);
		return new ReconcileResponse(results);
	}

	// The set-based statements decide a good batch in one transaction (the fast path
	// every batch takes first); only a batch that PostgreSQL refused for its data is
	// split, in halves, each in its own transaction, down to the single entries that
	// still fail: k poison entries in n cost about 2k·log2(n) short transactions. Halves
	// committed apart decide the same as one batch would, but for an entry that another
	// entry of the batch outranks: it may be APPLIED and then superseded instead of
	// STALE, which converges to the same state (invariant 4).
	private void writeIsolatingPoison(ReconcileRequest request, BatchDecision batch, List<BatchItem> units) {
		try {
			batch.adopt(writeWithRetries(request, batch, units));
		}
		catch (DataAccessException ex) {
			String state = PoisonEntries.entrySpecificState(ex);
			if (state == null) {
				throw ex;
			}
			if (units.size() == 1) {
				rejectPoison(request, batch, units.get(0), state);
				return;
			}
			writeIsolatingPoison(request, batch, units.subList(0, units.size() / 2));
			writeIsolatingPoison(request, batch, units.subList(units.size() / 2, units.size()));
		}
	}

	// One entry PostgreSQL refuses: rejected with its guard row, nothing applied, and
	// quarantined as received, or, when even that is refused, as a storable stand-in.
	private void rejectPoison(ReconcileRequest request, BatchDecision batch, BatchItem item, String state) {
		this.metrics.poisonEntry(state);
		// every one is worth a look: the edge's checks let it through, and a refusal that
		// every entry meets (a schema bug) would show here as a stream of them
		logger.warn("PostgreSQL refused entry {} of kiosk {} (SQLSTATE {}): rejected and quarantined on its own",
				item.key(), request.kioskId(), state);
		String field = PoisonEntries.fieldOf(state);
		try {
			batch.adopt(writeWithRetries(request, batch, List.of(item.poisoned(field, item.entry().rawEntry()))));
		}
		catch (DataAccessException ex) {
			String again = PoisonEntries.entrySpecificState(ex);
			if (again == null) {
				throw ex;
			}
			batch.adopt(writeWithRetries(request, batch,
					List.of(item.poisoned(field, PoisonEntries.storableStandIn(item, again)))));
		}
	}

	// Each attempt decides afresh: a rolled-back transaction's decisions are dropped.
	private BatchDecision writeWithRetries(ReconcileRequest request, BatchDecision batch, List<BatchItem> units) {
		for (int attempt = 1;; attempt++) {
			BatchDecision part = batch.part(units);
			try {
				this.transactions.executeWithoutResult((status) -> write(request, part));
				this.metrics.guardDuplicates(part.count(Outcome.DUPLICATE));
				return part;
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

	// The steps of one transaction, in the order the statements run; must run inside it.
	private void write(ReconcileRequest request, BatchDecision part) {
		part.check(request.eventId(), this.writer.attendeeEvents(part.attendeesToLookUp()));
		Set<String> guarded = this.writer.insertGuard(request.kioskId(), part);
		part.guardWritten(guarded, this.writer.guardFingerprints(part.guardConflicts(guarded)));
		Map<String, ChangeKind> changes = part
			.applied(this.writer.applyWinners(request, part.winners().values(), part.printedLocally(), part.losers()));
		this.writer.quarantine(request, part);
		this.writer.appendChanges(request.eventId(), changes);
	}

}
