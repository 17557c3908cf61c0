package io.eventops.reconciler.checkin;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.Outcome;
import io.eventops.model.flush.RejectionReason;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.model.reconcile.ReconcileResponse;
import io.eventops.reconciler.ReconcilerTest;
import io.eventops.reconciler.TestData;
import io.eventops.reconciler.web.DomainException;
import io.eventops.web.Refusal;
import io.eventops.web.redis.RedisNamespaceProperties;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Invariant 11 on the batch path: entries PostgreSQL refuses to store (here past the
 * edge's checks, as an older edge or a bug would send them) are found by splitting the
 * batch, rejected and quarantined on their own, and the rest of the batch is applied.
 */
@ReconcilerTest
class PoisonBatchTests {

	// year 0: java.time has it, PostgreSQL does not (SQLSTATE 22008)
	private static final OffsetDateTime YEAR_ZERO = OffsetDateTime.of(0, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);

	@Autowired
	private BatchReconciler reconciler;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private StringRedisTemplate redis;

	@Autowired
	private RedisNamespaceProperties namespace;

	@Autowired
	private MeterRegistry meters;

	private String event;

	private String kiosk;

	private List<String> attendees;

	@BeforeEach
	void registerAttendees() {
		this.event = TestData.unique("evt");
		this.kiosk = TestData.kiosk();
		this.attendees = TestData.attendees(this.jdbc, this.event, 20);
	}

	@Test
	void entriesPostgresRefusesAreRejectedAloneAndTheRestOfTheBatchIsApplied() {
		Set<Integer> poison = Set.of(3, 15, 16);
		List<ReconcileEntry> entries = new ArrayList<>();
		for (int i = 0; i < 20; i++) {
			TestData.Entry entry = TestData.entry(this.kiosk, i + 1, this.attendees.get(i));
			entries.add((poison.contains(i) ? entry.capturedAt(YEAR_ZERO) : entry).build());
		}
		ReconcileRequest batch = TestData.request(this.kiosk, this.event, entries);
		double before = poisonCount();

		ReconcileResponse response = this.reconciler.reconcile(batch);

		for (int i = 0; i < 20; i++) {
			EntryResult result = response.results().get(i);
			if (poison.contains(i)) {
				assertThat(result.outcome()).isEqualTo(Outcome.REJECTED);
				assertThat(result.reason()).isEqualTo(RejectionReason.INVALID_ENTRY);
				assertThat(result.field()).isEqualTo("capturedAt");
			}
			else {
				assertThat(result.outcome()).as("entry %d", i).isEqualTo(Outcome.APPLIED);
				assertThat(result.badgeJobId()).isNotNull();
			}
		}
		assertThat(count("SELECT count(*) FROM reconciler.check_ins WHERE source_id = ?")).isEqualTo(17);
		assertThat(count("SELECT count(*) FROM reconciler.processed_entries WHERE source_id = ?")).isEqualTo(20);
		assertThat(count("SELECT count(*) FROM reconciler.rejections WHERE kiosk_id = ? AND reason = 'INVALID_ENTRY'"
				+ " AND field = 'capturedAt'"))
			.isEqualTo(3);
		assertThat(poisonCount() - before).isEqualTo(3);

		// a replay is answered from Redis, and from the PostgreSQL guard once Redis
		// forgot
		assertThat(outcomes(this.reconciler.reconcile(batch))).containsOnly(Outcome.DUPLICATE);
		flushRedisNamespace();
		assertThat(outcomes(this.reconciler.reconcile(batch))).containsOnly(Outcome.DUPLICATE);
		assertThat(count("SELECT count(*) FROM reconciler.rejections WHERE kiosk_id = ?")).isEqualTo(3);
	}

	@Test
	void aRejectedEntryWhoseTextPostgresRefusesIsQuarantinedAsAStandIn() {
		// jsonb refuses the escaped NUL (SQLSTATE 22P05)
		ReconcileEntry hostile = ReconcileEntry.rejected(2, this.kiosk + ":2", null,
				"{\"seq\":2,\"attendeeId\":\"a\\u0000b\"}", List.of(), RejectionReason.INVALID_ENTRY, "attendeeId");
		ReconcileRequest batch = TestData.request(this.kiosk, this.event,
				List.of(TestData.entry(this.kiosk, 1, this.attendees.get(0)).build(), hostile,
						TestData.entry(this.kiosk, 3, this.attendees.get(1)).build()));

		ReconcileResponse response = this.reconciler.reconcile(batch);

		assertThat(outcomes(response)).containsExactly(Outcome.APPLIED, Outcome.REJECTED, Outcome.APPLIED);
		assertThat(response.results().get(1).reason()).isEqualTo(RejectionReason.INVALID_ENTRY);
		assertThat(response.results().get(1).field()).isEqualTo("attendeeId");
		assertThat(this.jdbc
			.queryForObject("SELECT (entry->>'unstorable') || ' ' || (entry->>'received') FROM reconciler.rejections"
					+ " WHERE idempotency_key = ?", String.class, this.kiosk + ":2"))
			.isEqualTo("22P05 {\"seq\":2,\"attendeeId\":\"a\\u0000b\"}");
	}

	// what PostgreSQL refuses for every entry is not the entries' fault: a schema the
	// running code does not match (a rolling deploy) would otherwise quarantine every
	// check-in for good. Such a batch is refused as not stored (a 500, which the edge's
	// shared breaker does not count), changes nothing, and applies once PostgreSQL takes
	// it (invariants 6 and 11)
	@Test
	void aBatchPostgresRefusesEveryCheckInOfIsNotStoredAndQuarantinesNothing() {
		String constraint = "refuse_" + this.event.replace('-', '_');
		this.jdbc.execute("ALTER TABLE reconciler.check_ins ADD CONSTRAINT " + constraint + " CHECK (event_id <> '"
				+ this.event + "') NOT VALID");
		ReconcileRequest batch = TestData.request(this.kiosk, this.event,
				List.of(TestData.entry(this.kiosk, 1, this.attendees.get(0)).build(),
						TestData.entry(this.kiosk, 2, this.attendees.get(1)).build(),
						TestData.entry(this.kiosk, 3, this.attendees.get(2)).build()));
		ReconcileRequest live = TestData.request(this.kiosk, this.event,
				TestData.entry(this.kiosk, 4, this.attendees.get(3)));
		try {
			assertThatThrownBy(() -> this.reconciler.reconcile(batch)).isInstanceOfSatisfying(DomainException.class,
					(refused) -> assertThat(refused.kind()).isEqualTo(Refusal.Kind.NOT_STORED));
			assertThatThrownBy(() -> this.reconciler.reconcile(live)).isInstanceOfSatisfying(DomainException.class,
					(refused) -> assertThat(refused.kind()).isEqualTo(Refusal.Kind.NOT_STORED));
			assertThat(count("SELECT count(*) FROM reconciler.rejections WHERE kiosk_id = ?")).isZero();
			assertThat(count("SELECT count(*) FROM reconciler.processed_entries WHERE source_id = ?")).isZero();
		}
		finally {
			this.jdbc.execute("ALTER TABLE reconciler.check_ins DROP CONSTRAINT " + constraint);
		}

		assertThat(outcomes(this.reconciler.reconcile(batch))).containsOnly(Outcome.APPLIED);
		assertThat(outcomes(this.reconciler.reconcile(live))).containsOnly(Outcome.APPLIED);
	}

	@Test
	void aBatchWithoutPoisonIsNotSplit() {
		double before = poisonCount();
		List<ReconcileEntry> entries = new ArrayList<>();
		for (int i = 0; i < 10; i++) {
			entries.add(TestData.entry(this.kiosk, i + 1, this.attendees.get(i)).build());
		}

		assertThat(outcomes(this.reconciler.reconcile(TestData.request(this.kiosk, this.event, entries))))
			.containsOnly(Outcome.APPLIED);
		assertThat(poisonCount()).isEqualTo(before);
	}

	private double poisonCount() {
		return this.meters.find("eventops.reconcile.poison.entries")
			.counters()
			.stream()
			.mapToDouble((counter) -> counter.count())
			.sum();
	}

	private long count(String sql) {
		return this.jdbc.queryForObject(sql, Long.class, this.kiosk);
	}

	private void flushRedisNamespace() {
		var keys = this.redis.keys(this.namespace.keyPrefix() + "*");
		if (keys != null && !keys.isEmpty()) {
			this.redis.delete(keys);
		}
	}

	private static List<Outcome> outcomes(ReconcileResponse response) {
		return response.results().stream().map(EntryResult::outcome).toList();
	}

}
