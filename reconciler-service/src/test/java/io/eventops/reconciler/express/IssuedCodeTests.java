package io.eventops.reconciler.express;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.eventops.reconciler.web.DomainException;
import io.eventops.reconciler.web.ReconcilerProblem;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The express code's transitions without Spring or a database: what each allows, what it
 * refuses, and that time is the clock's.
 */
class IssuedCodeTests {

	private static final Instant NOW = Instant.parse("2026-06-01T09:00:00.123456789Z");

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final List<String> GROUP = List.of("a-1", "a-2", "a-3");

	private final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);

	private IssuedCode fresh() {
		return IssuedCode.issue(this.clock, "ABCD2345", "ev-1", GROUP, null, Duration.ofDays(1));
	}

	private IssuedCode at(Instant instant, IssuedCode code) {
		return new IssuedCode(Clock.fixed(instant, ZoneOffset.UTC), code.code(), code.eventId(), code.attendeeIds(),
				code.expiresAt(), code.replacedBy(), code.attempt(), code.selection(), code.leaseExpiresAt(),
				code.firstClaimedAt(), code.usedAt(), code.checkedIn());
	}

	private IssuedCode checkedIn(IssuedCode code) {
		return new IssuedCode(code.clock(), code.code(), code.eventId(), code.attendeeIds(), code.expiresAt(),
				code.replacedBy(), code.attempt(), code.selection(), null, code.firstClaimedAt(), code.usedAt(), true);
	}

	@Test
	void anIssuedCodeExpiresAfterTheDefaultValidityUnlessGivenAFutureExpiry() {
		assertThat(fresh().expiresAt()).isEqualTo(NOW.truncatedTo(ChronoUnit.MICROS).plus(Duration.ofDays(1)));
		assertThat(IssuedCode.issue(this.clock, "ABCD2345", "ev-1", GROUP, NOW.plusSeconds(60), Duration.ofDays(1))
			.expiresAt()).isEqualTo(NOW.plusSeconds(60));
		assertRefused(() -> IssuedCode.issue(this.clock, "ABCD2345", "ev-1", GROUP, NOW, Duration.ofDays(1)),
				ReconcilerProblem.INVALID_EXPIRY);
	}

	@Test
	void aClaimLeasesTheCodeToOneAttemptWithItsSelectionAndTheClocksTimeInMicroseconds() {
		IssuedCode claimed = fresh().claim("ev-1", "attempt-1", List.of("a-2", "a-2"), LEASE);
		Instant micros = Instant.parse("2026-06-01T09:00:00.123456Z");
		assertThat(claimed.attempt()).isEqualTo("attempt-1");
		assertThat(claimed.selection()).containsExactly("a-2");
		assertThat(claimed.leaseExpiresAt()).isEqualTo(micros.plus(LEASE));
		assertThat(claimed.firstClaimedAt()).isEqualTo(micros);
		assertThat(claimed.isUsed()).isFalse();
		assertThat(fresh().claim("ev-1", "attempt-1", null, LEASE).selection()).isEqualTo(GROUP);
	}

	@Test
	void anotherAttemptIsRefusedWhileTheLeaseHoldsAndTakesTheCodeOverOnceItRanOut() {
		IssuedCode claimed = fresh().claim("ev-1", "attempt-1", List.of("a-1"), LEASE);
		assertRefused(() -> claimed.claim("ev-1", "attempt-2", null, LEASE), ReconcilerProblem.IN_FLIGHT);
		IssuedCode later = at(NOW.plus(LEASE).plusSeconds(1), claimed).claim("ev-1", "attempt-2", null, LEASE);
		assertThat(later.attempt()).isEqualTo("attempt-2");
		assertThat(later.selection()).isEqualTo(GROUP);
		assertThat(later.firstClaimedAt()).as("the first claim's time keys the check-ins")
			.isEqualTo(claimed.firstClaimedAt());
	}

	@Test
	void theSameAttemptTakesItsOwnLeaseOverAndKeepsItsFirstSelection() {
		IssuedCode claimed = fresh().claim("ev-1", "attempt-1", List.of("a-1"), LEASE);
		IssuedCode resumed = at(NOW.plusSeconds(5), claimed).claim("ev-1", "attempt-1", List.of("a-3"), LEASE);
		assertThat(resumed.selection()).containsExactly("a-1");
		assertThat(resumed.firstClaimedAt()).isEqualTo(claimed.firstClaimedAt());
		assertThat(resumed.leaseExpiresAt()).isAfter(claimed.leaseExpiresAt());
	}

	@Test
	void aClaimIsRefusedForAnotherEventAReplacedOrExpiredCodeAndAttendeesNotInTheCode() {
		assertRefused(() -> fresh().claim("ev-2", "attempt-1", null, LEASE), ReconcilerProblem.WRONG_EVENT);
		assertRefused(() -> fresh().replace("EFGH6789").replaced().claim("ev-1", "attempt-1", null, LEASE),
				ReconcilerProblem.REPLACED);
		assertRefused(() -> at(NOW.plus(Duration.ofDays(1)), fresh()).claim("ev-1", "attempt-1", null, LEASE),
				ReconcilerProblem.EXPIRED);
		assertRefused(() -> fresh().claim("ev-1", "attempt-1", List.of("a-1", "stranger"), LEASE),
				ReconcilerProblem.NOT_IN_CODE);
	}

	@Test
	void theClaimingAttemptUsesTheCodeOnceAndOnlyItGetsItBack() {
		IssuedCode claimed = fresh().claim("ev-1", "attempt-1", null, LEASE);
		assertThat(claimed.heldBy("attempt-1")).isTrue();
		assertThat(claimed.heldBy("attempt-2")).isFalse();
		assertRefused(() -> claimed.use("attempt-2"), ReconcilerProblem.IN_FLIGHT);
		IssuedCode used = at(NOW.plusSeconds(2), claimed).use("attempt-1");
		assertThat(used.usedAt()).isEqualTo(Instant.parse("2026-06-01T09:00:02.123456Z"));
		assertThat(used.leaseExpiresAt()).isNull();
		assertThat(used.heldBy("attempt-1")).isFalse();
		assertRefused(() -> used.use("attempt-1"), ReconcilerProblem.ALREADY_USED);
		assertThat(used.claim("ev-1", "attempt-1", null, LEASE)).as("the same attempt gets its stored result")
			.isSameAs(used);
		assertRefused(() -> used.claim("ev-1", "attempt-2", null, LEASE), ReconcilerProblem.ALREADY_USED);
	}

	// the check-ins committed and the result was not stored (storing it failed, or the
	// pod
	// died and the lease ran out): the code is the committed attempt's
	@Test
	void aCodeWhoseCheckInsCommittedIsTheClaimingAttemptsWithoutALease() {
		IssuedCode committed = checkedIn(fresh().claim("ev-1", "attempt-1", List.of("a-1"), LEASE));

		assertRefused(() -> committed.claim("ev-1", "attempt-2", null, LEASE), ReconcilerProblem.ALREADY_USED);
		assertRefused(() -> committed.replace("EFGH6789"), ReconcilerProblem.NOT_REPLACEABLE);
		IssuedCode resumed = committed.claim("ev-1", "attempt-1", null, LEASE);
		assertThat(resumed.selection()).containsExactly("a-1");
		assertThat(resumed.use("attempt-1").isUsed()).isTrue();
		assertThat(
				at(committed.expiresAt().plusSeconds(1), committed).claim("ev-1", "attempt-1", null, LEASE).selection())
			.as("expired since, its retry still gets what committed")
			.containsExactly("a-1");
	}

	@Test
	void aCodeIsUsedOnlyAfterAClaim() {
		assertRefused(() -> fresh().use("attempt-1"), ReconcilerProblem.IN_FLIGHT);
	}

	@Test
	void anUnusedCodeIsReplacedOnceByAFreshCodeForTheSameAttendeesAndExpiry() {
		IssuedCode code = fresh().claim("ev-1", "attempt-1", null, LEASE);
		IssuedCode.Replacement replacement = code.replace("EFGH6789");
		assertThat(replacement.replaced().replacedBy()).isEqualTo("EFGH6789");
		assertThat(replacement.fresh().code()).isEqualTo("EFGH6789");
		assertThat(replacement.fresh().attendeeIds()).isEqualTo(GROUP);
		assertThat(replacement.fresh().expiresAt()).isEqualTo(code.expiresAt());
		assertThat(replacement.fresh().attempt()).isNull();
		assertRefused(() -> replacement.replaced().replace("JKMN2345"), ReconcilerProblem.NOT_REPLACEABLE);
		assertRefused(() -> code.use("attempt-1").replace("JKMN2345"), ReconcilerProblem.NOT_REPLACEABLE);
	}

	private static void assertRefused(ThrowingCallable transition, ReconcilerProblem problem) {
		assertThatExceptionOfType(DomainException.class).isThrownBy(transition)
			.satisfies((ex) -> assertThat(ex.type()).isEqualTo(problem));
	}

}
