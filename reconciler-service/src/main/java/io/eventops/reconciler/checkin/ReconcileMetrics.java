package io.eventops.reconciler.checkin;

import java.time.Duration;
import java.util.List;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.Outcome;
import io.eventops.model.flush.RejectionReason;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import org.springframework.stereotype.Component;

/**
 * The reconciler's check-in metrics: entries by outcome, rejections by reason, batch
 * latency, Redis fast-path hits, and duplicates only the PostgreSQL guard caught (Redis
 * missed them).
 */
@Component
class ReconcileMetrics {

	private final MeterRegistry registry;

	private final Timer batchTimer;

	private final Counter fastPath;

	private final Counter guard;

	ReconcileMetrics(MeterRegistry registry) {
		this.registry = registry;
		this.batchTimer = Timer.builder("eventops.reconcile.batch")
			.description("Time to reconcile one kiosk batch, claims to commit")
			.publishPercentileHistogram()
			.register(registry);
		this.fastPath = Counter.builder("eventops.reconcile.claim.fastpath.hits")
			.description("Replays answered DUPLICATE from Redis without touching PostgreSQL")
			.register(registry);
		this.guard = Counter.builder("eventops.reconcile.guard.duplicates")
			.description("Replays that Redis missed and the PostgreSQL guard caught")
			.register(registry);
		// every series exists from the start at 0: a dashboard shows a rate of 0, not "no
		// data", and alerts on it evaluate
		for (Outcome outcome : Outcome.values()) {
			entries(outcome);
		}
		for (RejectionReason reason : RejectionReason.values()) {
			rejections(reason);
		}
	}

	void batch(List<EntryResult> results, long nanos) {
		this.batchTimer.record(Duration.ofNanos(nanos));
		for (EntryResult result : results) {
			entries(result.outcome()).increment();
			if (result.reason() != null) {
				rejections(result.reason()).increment();
			}
		}
	}

	void poisonEntry(String sqlState) {
		Counter.builder("eventops.reconcile.poison.entries")
			.description(
					"Entries PostgreSQL refused to store, found by splitting their batch and rejected on their own")
			.tag("sqlstate", sqlState)
			.register(this.registry)
			.increment();
	}

	void batchRefused(String sqlState) {
		Counter.builder("eventops.reconcile.poison.batches.refused")
			.description("Batches PostgreSQL refused every check-in of, answered unavailable instead of quarantined")
			.tag("sqlstate", sqlState)
			.register(this.registry)
			.increment();
	}

	void fastPathDuplicates(long count) {
		this.fastPath.increment(count);
	}

	void guardDuplicates(long count) {
		this.guard.increment(count);
	}

	private Counter rejections(RejectionReason reason) {
		return Counter.builder("eventops.reconcile.rejections")
			.description("Rejected entries by reason")
			.tag("reason", reason.name())
			.register(this.registry);
	}

	private Counter entries(Outcome outcome) {
		return Counter.builder("eventops.reconcile.entries")
			.description("Reconciled entries by outcome")
			.tag("outcome", outcome.name())
			.register(this.registry);
	}

}
