package io.eventops.reconciler.checkin;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.Outcome;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.reconciler.TestData;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Counts the SQL statements of the batch path on a real PostgreSQL: the number must not
 * grow with the batch.
 */
class BatchStatementCountTests {

	private static ReconcilerHarness harness;

	private final AtomicInteger statements = new AtomicInteger();

	@BeforeAll
	static void start() {
		harness = ReconcilerHarness.start();
	}

	@AfterAll
	static void stop() {
		harness.close();
	}

	@Test
	void aFiveHundredEntryBatchRunsABoundedNumberOfStatements() {
		int small = statementsFor(5);
		int large = statementsFor(500);
		// attendee lookup, guard insert, guard conflicts, upsert with stale marking and
		// outbox insert (its trigger notifies), quarantine, stream lock with change log
		assertThat(large).isLessThanOrEqualTo(6).isEqualTo(small);
	}

	@Test
	void aReplayedBatchRunsNoStatementsWhenRedisKnowsItsKeys() {
		String event = TestData.unique("evt");
		String kiosk = TestData.kiosk();
		List<ReconcileEntry> entries = entries(kiosk, TestData.attendees(harness.jdbc, event, 50));
		BatchReconciler reconciler = harness.reconciler(counting());
		reconciler.reconcile(TestData.request(kiosk, event, entries));
		this.statements.set(0);
		List<EntryResult> replay = reconciler.reconcile(TestData.request(kiosk, event, entries)).results();
		assertThat(replay).extracting(EntryResult::outcome).containsOnly(Outcome.DUPLICATE);
		assertThat(this.statements.get()).isZero();
	}

	private int statementsFor(int size) {
		String event = TestData.unique("evt");
		String kiosk = TestData.kiosk();
		List<String> attendees = TestData.attendees(harness.jdbc, event, size);
		List<ReconcileEntry> entries = entries(kiosk, attendees);
		// a stale write, a rejection and a replayed duplicate in every batch, so every
		// statement runs
		entries.set(1, TestData.entry(kiosk, 2, attendees.get(0)).build());
		entries.set(2, TestData.entry(kiosk, 3, "att_not_registered").build());
		entries.add(entries.get(3));
		BatchReconciler reconciler = harness.reconciler(counting());
		this.statements.set(0);
		List<EntryResult> results = reconciler.reconcile(TestData.request(kiosk, event, entries)).results();
		assertThat(results).extracting(EntryResult::outcome)
			.contains(Outcome.APPLIED, Outcome.STALE, Outcome.REJECTED, Outcome.DUPLICATE);
		return this.statements.get();
	}

	private static List<ReconcileEntry> entries(String kiosk, List<String> attendees) {
		List<ReconcileEntry> entries = new ArrayList<>();
		for (int i = 0; i < attendees.size(); i++) {
			entries.add(TestData.entry(kiosk, i + 1, attendees.get(i)).build());
		}
		return entries;
	}

	private DataSource counting() {
		return ProxyDataSourceBuilder.create(harness.pool)
			.afterQuery((execution, queries) -> this.statements.addAndGet(queries.size()))
			.build();
	}

}
