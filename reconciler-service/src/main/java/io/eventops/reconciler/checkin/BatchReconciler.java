package io.eventops.reconciler.checkin;

import java.util.ArrayList;
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
import io.eventops.reconciler.web.DomainException;
import io.eventops.reconciler.web.ReconcilerProblem;
import io.eventops.web.Refusal.Kind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.annotation.Autowired;
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

	private final PolicyPath policyPath;

	@Autowired
	BatchReconciler(ClaimStore claims, CheckInWriter writer, PolicyPath policyPath, TransactionTemplate transactions,
			ReconcileMetrics metrics, ReconcilerProperties properties) {
		this.claims = claims;
		this.writer = writer;
		this.policyPath = policyPath;
		this.transactions = transactions;
		this.metrics = metrics;
		this.retries = properties.transactionRetries();
	}

	// wired by hand without access control (the test harness)
	BatchReconciler(ClaimStore claims, CheckInWriter writer, TransactionTemplate transactions, ReconcileMetrics metrics,
			ReconcilerProperties properties) {
		this(claims, writer, PolicyPath.withoutPolicies(writer), transactions, metrics, properties);
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
	// A class 22/23 refusal is taken for an entry's only while PostgreSQL takes some
	// check-in of the batch: when it refuses every one the edge passed, the cause is more
	// likely PostgreSQL's (a schema the running code does not match, in a rolling
	// deploy) than every entry's, and quarantining them would reject good check-ins for
	// good. Such a batch is not stored (500 batch-not-stored): what it claimed is
	// released, nothing of it is quarantined, and the kiosk retries it; a poison entry
	// alone in a batch is
	// quarantined once good entries come with it.
	private void writeIsolatingPoison(ReconcileRequest request, BatchDecision batch, List<BatchItem> units) {
		List<Poison> poison = new ArrayList<>();
		split(request, batch, units, poison);
		if (poison.isEmpty()) {
			return;
		}
		long checkIns = units.stream().filter((item) -> item.entry().isValid()).count();
		long refused = poison.stream().filter((found) -> found.item().entry().isValid()).count();
		if (checkIns > 0 && refused == checkIns) {
			this.metrics.batchRefused(poison.get(0).state());
			logger.warn(
					"PostgreSQL refused every one of the {} check-ins of kiosk {}'s batch (SQLSTATE {}): "
							+ "answered unavailable, nothing quarantined",
					checkIns, request.kioskId(), poison.get(0).state());
			// a 500, which the edge neither retries nor counts in the breaker all kiosks
			// share: a kiosk whose one pending entry is poison retries alone and costs no
			// other kiosk a flush (invariant 11), and the kiosk keeps its entries
			throw new DomainException(Kind.NOT_STORED, ReconcilerProblem.BATCH_NOT_STORED, "Batch not stored",
					"The check-ins of this batch could not be stored; nothing of it was kept, retry later.");
		}
		for (Poison found : poison) {
			rejectPoison(request, batch, found.item(), found.state());
		}
	}

	private void split(ReconcileRequest request, BatchDecision batch, List<BatchItem> units, List<Poison> poison) {
		try {
			batch.adopt(writeWithRetries(request, batch, units));
		}
		catch (DataAccessException ex) {
			String state = PoisonEntries.entrySpecificState(ex);
			if (state == null) {
				throw ex;
			}
			if (units.size() == 1) {
				poison.add(new Poison(units.get(0), state));
				return;
			}
			split(request, batch, units.subList(0, units.size() / 2), poison);
			split(request, batch, units.subList(units.size() / 2, units.size()), poison);
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

	// An entry PostgreSQL refused alone, with the SQLSTATE of the refusal.
	private record Poison(BatchItem item, String state) {
	}

	// The steps of one transaction, in the order the statements run; must run inside it.
	private void write(ReconcileRequest request, BatchDecision part) {
		CheckInWriter.Lookup lookup = this.writer.lookup(request.eventId(), part.attendeesToLookUp());
		part.check(request.eventId(), lookup.eventOf());
		Set<String> guarded = this.writer.insertGuard(request.kioskId(), part);
		part.guardWritten(guarded, this.writer.guardFingerprints(part.guardConflicts(guarded)));
		Map<String, ChangeKind> changes = this.policyPath.apply(request, part, lookup);
		this.writer.quarantine(request, part);
		this.writer.appendChanges(request.eventId(), changes);
	}

}
