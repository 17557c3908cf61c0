package io.eventops.orchestrator.ledger;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

import io.eventops.orchestrator.PrintInfrastructureInitializer;
import io.eventops.orchestrator.TestData;
import io.eventops.orchestrator.ledger.JobState.Transition;
import io.eventops.printer.client.ConfirmationMode;
import io.eventops.testsupport.TestDatabase;
import io.eventops.testsupport.TestInfrastructure;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Every conditional update of the print ledger against the transition table of
 * {@link JobState}, on a real PostgreSQL: from each of the six states, an update moves
 * the job exactly when the table allows it, to the state the table names, and otherwise
 * leaves it as it was and says so. A new transition without a case here does not compile.
 */
class LedgerTransitionTests {

	private static final String PRINTER = "p-transitions";

	private static final String OTHER_PRINTER = "p-transitions-2";

	private static JdbcTemplate jdbc;

	private static PrintLedger ledger;

	@BeforeAll
	static void database() {
		TestDatabase database = TestInfrastructure.freshDatabase();
		PrintInfrastructureInitializer.migrateReconciler(database.jdbcUrl(), database.user(), database.password());
		PrintInfrastructureInitializer.migratePrinting(database.jdbcUrl(), database.user(), database.password());
		jdbc = new JdbcTemplate(new SimpleDriverDataSource(new org.postgresql.Driver(), database.jdbcUrl(),
				database.user(), database.password()));
		ledger = new PrintLedger(jdbc);
		// out of service: a failover moves only an out printer's work
		for (String printer : List.of(PRINTER, OTHER_PRINTER)) {
			jdbc.update("""
					INSERT INTO printing.printers (printer_id, host, port, pool, state)
					VALUES (?, '127.0.0.1', 9, 'transitions', 'DOWN')""", printer);
		}
	}

	// each case starts with printers that hold nothing (one unconfirmed job per printer)
	@BeforeEach
	void emptyPrinters() {
		jdbc.update("DELETE FROM printing.print_jobs WHERE printer_id IN (?, ?)", PRINTER, OTHER_PRINTER);
	}

	@Test
	void aPrinterHoldingAnUnconfirmedJobCannotClaimAnotherOne() {
		job(TestData.unique("att"), 1, JobState.PRINTING);
		UUID queued = job(TestData.unique("att"), 1, JobState.QUEUED);

		assertThat(ledger.claim(queued, PRINTER)).isEmpty();
		assertThat(stateOf(queued)).isEqualTo(JobState.QUEUED);
		// invariant 8 holds in PostgreSQL itself, whichever statement tries
		assertThatExceptionOfType(DuplicateKeyException.class).isThrownBy(
				() -> jdbc.update("UPDATE printing.print_jobs SET state = 'UNKNOWN_OUTCOME' WHERE job_id = ?", queued));
	}

	@Test
	void aFailoverFlagsAJobSentAfterItWasReadAsQueued() {
		// the failover read these jobs QUEUED; the agent claimed and sent them before
		// the move
		UUID moved = job(TestData.unique("att"), 1, JobState.PRINTING);
		UUID pending = job(TestData.unique("att"), 1, JobState.QUEUED);
		jdbc.update("UPDATE printing.print_jobs SET printer_id = ?, state = 'UNKNOWN_OUTCOME' WHERE job_id = ?",
				OTHER_PRINTER, pending);

		assertThat(ledger.moveTo(moved, PRINTER, OTHER_PRINTER, false)).isTrue();
		assertThat(ledger.backToPending(pending, OTHER_PRINTER, false)).isTrue();

		assertThat(possibleDuplicate(moved)).as("moved to the backup").isTrue();
		assertThat(possibleDuplicate(pending)).as("back to PENDING").isTrue();
	}

	@Test
	void aFailoverDoesNotFlagAJobThatWasNeverSent() {
		UUID queued = job(TestData.unique("att"), 1, JobState.QUEUED);

		assertThat(ledger.moveTo(queued, PRINTER, OTHER_PRINTER, false)).isTrue();

		assertThat(possibleDuplicate(queued)).isFalse();
	}

	@Test
	void aFailoverMovesNothingOfAPrinterBackInService() {
		UUID queued = job(TestData.unique("att"), 1, JobState.QUEUED);
		jdbc.update("UPDATE printing.printers SET state = 'UP' WHERE printer_id = ?", PRINTER);
		try {
			assertThat(ledger.moveTo(queued, PRINTER, OTHER_PRINTER, false)).isFalse();
			assertThat(ledger.backToPending(queued, PRINTER, false)).isFalse();
			assertThat(stateOf(queued)).isEqualTo(JobState.QUEUED);
		}
		finally {
			jdbc.update("UPDATE printing.printers SET state = 'DOWN' WHERE printer_id = ?", PRINTER);
		}
	}

	private static boolean possibleDuplicate(UUID job) {
		return Boolean.TRUE.equals(jdbc
			.queryForObject("SELECT possible_duplicate FROM printing.print_jobs WHERE job_id = ?", Boolean.class, job));
	}

	static Stream<Arguments> everyTransitionFromEveryState() {
		List<Arguments> cases = new ArrayList<>();
		for (Transition transition : Transition.values()) {
			for (JobState state : JobState.values()) {
				cases.add(Arguments.of(transition, state));
			}
		}
		return cases.stream();
	}

	@ParameterizedTest(name = "{0} from {1}")
	@MethodSource("everyTransitionFromEveryState")
	void anUpdateMovesAJobExactlyAsTheTableSays(Transition transition, JobState state) {
		String attendee = TestData.unique("att");
		UUID job = job(attendee, 1, state);
		// a newer credential of the same attendee, for the withdrawals
		UUID newer = job(attendee, 2, JobState.PRINTED);

		boolean moved = apply(transition, job, newer);

		boolean allowed = transition.from().contains(state);
		assertThat(moved).as("%s reported from %s", transition, state).isEqualTo(allowed);
		assertThat(stateOf(job)).as("%s from %s", transition, state).isEqualTo(allowed ? transition.to() : state);
		assertThat(stateOf(newer)).isEqualTo(JobState.PRINTED);
	}

	@Test
	void printedAndWithdrawnAreFinalAndOnlyAConfirmationPrints() {
		assertThat(Stream.of(JobState.values()).filter(JobState::isFinal)).containsExactlyInAnyOrder(JobState.PRINTED,
				JobState.WITHDRAWN);
		// invariant 8: PRINTED only on the printer's evidence
		assertThat(Stream.of(Transition.values()).filter((t) -> t.to() == JobState.PRINTED))
			.containsExactly(Transition.CONFIRM);
		// a job that may have printed goes back to a queue only on the printer's evidence
		// that it did not, or by failover (which flags it a possible duplicate)
		assertThat(Stream.of(Transition.values())
			.filter((t) -> t.from().contains(JobState.UNKNOWN_OUTCOME) && t.to() == JobState.QUEUED))
			.containsExactlyInAnyOrder(Transition.REQUEUE, Transition.MOVE);
	}

	private static boolean apply(Transition transition, UUID job, UUID newer) {
		return switch (transition) {
			case ASSIGN -> !ledger.assign(List.of(job), PRINTER).isEmpty();
			case CLAIM -> ledger.claim(job, PRINTER).isPresent();
			case RESEND -> ledger.claimResend(job, PRINTER, 1, false).isPresent();
			case CONFIRM -> ledger.markPrinted(job, PRINTER, 1, ConfirmationMode.LABEL_COUNTER, 7L);
			case REQUEUE -> ledger.requeueDropped(job, PRINTER, 1);
			case MARK_UNKNOWN -> ledger.markUnknown(job, PRINTER, 1);
			case GIVE_BACK -> ledger.unclaim(job, PRINTER, 1, false);
			case GIVE_BACK_UNKNOWN -> ledger.unclaim(job, PRINTER, 1, true);
			case WITHDRAW -> ledger.withdrawIfSuperseded(job);
			case WITHDRAW_SUPERSEDED -> ledger.withdrawSupersededBy(List.of(newer)).contains(job);
			case WITHDRAW_ANNULLED -> {
				TestData.annulledInOutbox(jdbc, job);
				yield ledger.withdrawAnnulled(List.of(job)).contains(job);
			}
			case MOVE -> ledger.moveTo(job, PRINTER, OTHER_PRINTER, false);
			case BACK_TO_PENDING -> ledger.backToPending(job, PRINTER, false);
		};
	}

	// a job of the printer, at its first attempt, in the given state
	private static UUID job(String attendee, int credentialVersion, JobState state) {
		UUID job = UUID.randomUUID();
		jdbc.update("""
				INSERT INTO printing.print_jobs (job_id, attendee_id, event_id, credential_version, printer_pool,
				  display_name, printer_id, state, attempts, created_at, confirmed_by)
				VALUES (?, ?, 'evt-transitions', ?, 'transitions', 'Ada', ?, ?, 1, now(),
				  CASE WHEN ? = 'PRINTED' THEN 'LABEL_COUNTER' END)""", job, attendee, credentialVersion, PRINTER,
				state.name(), state.name());
		return job;
	}

	private static JobState stateOf(UUID job) {
		return JobState
			.valueOf(jdbc.queryForObject("SELECT state FROM printing.print_jobs WHERE job_id = ?", String.class, job));
	}

}
