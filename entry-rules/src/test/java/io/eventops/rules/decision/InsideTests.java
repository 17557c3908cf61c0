package io.eventops.rules.decision;

import io.eventops.rules.policy.CompiledPolicy;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.eventops.rules.TestPolicies.area;
import static io.eventops.rules.TestPolicies.policy;
import static io.eventops.rules.decision.EntryDeciderTests.instant;
import static org.assertj.core.api.Assertions.assertThat;

class InsideTests {

	@Test
	void theLastCountedMovementInTheAreaSaysInOrOut() {
		List<Movement> movements = List.of(
				Movement.exit("kiosk-02:1", "ada", "hall", instant("2026-10-24T11:00:00+02:00")),
				Movement.checkIn("kiosk-01:1", "ada", "hall", instant("2026-10-24T10:00:00+02:00")),
				Movement.checkIn("kiosk-01:2", "bob", "hall", instant("2026-10-24T10:05:00+02:00")),
				Movement.checkIn("kiosk-01:3", "cy", "workshop", instant("2026-10-24T10:06:00+02:00")),
				Movement.refused("kiosk-01:4", "dee", "hall", instant("2026-10-24T10:07:00+02:00")));
		assertThat(Inside.now("hall", movements)).containsExactly("bob");
		assertThat(Inside.now("workshop", movements)).containsExactly("cy");
	}

	@Test
	void anAnnulledAdmissionCountsNowhereWhereverTheAnnulmentArrives() {
		List<Movement> movements = List.of(
				Movement.annul("desk:1", "ada", instant("2026-10-24T09:00:00+02:00"), "kiosk-01:1"),
				Movement.checkIn("kiosk-01:1", "ada", "hall", instant("2026-10-24T10:00:00+02:00")));
		assertThat(Inside.now("hall", movements)).isEmpty();
	}

	@Test
	void anAnnulmentUndoesOnlyTheNamedAdmissionOfTheSameAttendee() {
		List<Movement> movements = List.of(
				Movement.checkIn("kiosk-01:1", "ada", "hall", instant("2026-10-24T10:00:00+02:00")),
				Movement.checkIn("kiosk-01:2", "bob", "hall", instant("2026-10-24T10:01:00+02:00")),
				Movement.annul("desk:1", "bob", instant("2026-10-24T10:05:00+02:00"), "kiosk-01:1"));
		assertThat(Inside.now("hall", movements)).containsExactly("ada", "bob");
	}

	@Test
	void atAnInstantCountsWhatWasCapturedByThenAndTheAutomaticCheckOut() {
		CompiledPolicy policy = policy().area(area("hall").exitAllAt("23:00")).compile();
		List<Movement> movements = List.of(
				Movement.checkIn("kiosk-01:1", "ada", "hall", instant("2026-10-24T10:00:00+02:00")),
				Movement.checkIn("kiosk-01:2", "bob", "hall", instant("2026-10-24T23:30:00+02:00")));
		assertThat(Inside.at(policy, "hall", movements, instant("2026-10-24T12:00:00+02:00"))).containsExactly("ada");
		assertThat(Inside.at(policy, "hall", movements, instant("2026-10-24T23:45:00+02:00"))).containsExactly("bob");
		assertThat(Inside.at(policy, "hall", movements, instant("2026-10-25T23:00:00+01:00"))).isEmpty();
	}

}
