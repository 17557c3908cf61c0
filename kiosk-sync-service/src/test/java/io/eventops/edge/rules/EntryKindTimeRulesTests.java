package io.eventops.edge.rules;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.Flag;
import io.eventops.model.flush.FlushEntry;
import io.eventops.model.flush.KioskDecision;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What each time rule means for each entry kind of access control (issue #35). A double
 * tap is one movement recorded twice: an exit or a refusal right after an admission is
 * another movement, never a second tap of the admission. Staleness and clock skew are
 * about the device and its log, and the rate about what a kiosk can physically scan:
 * those hold for every kind alike.
 */
class EntryKindTimeRulesTests {

	private static final Instant NOW = Instant.parse("2026-07-16T12:00:00Z");

	private final TimeRules rules = new TimeRules(RuleProperties.defaults(), Clock.fixed(NOW, ZoneOffset.UTC));

	private final Instant captured = NOW.minusSeconds(30);

	@Test
	void anExitRightAfterAnAdmissionIsNoDoubleTap() {
		this.rules.check("k1", entry(1, EntryType.CHECK_IN, this.captured));

		Verdict exit = this.rules.check("k1", entry(2, EntryType.EXIT, this.captured.plusSeconds(2)));
		Verdict back = this.rules.check("k1", entry(3, EntryType.CHECK_IN, this.captured.plusSeconds(4)));

		assertThat(exit.flags()).isEmpty();
		// the admission after the exit is one second tap of the first admission
		assertThat(back.flags()).containsExactly(Flag.DOUBLE_TAP);
	}

	@Test
	void aRefusalRightAfterAnAdmissionIsNoDoubleTapAndNeitherIsAnAdmissionAfterARefusal() {
		this.rules.check("k1", entry(1, EntryType.CHECK_IN, this.captured));
		this.rules.check("k2", entry(1, EntryType.REFUSED, this.captured));

		Verdict refused = this.rules.check("k1", entry(2, EntryType.REFUSED, this.captured.plusSeconds(1)));
		Verdict admitted = this.rules.check("k2", entry(2, EntryType.CHECK_IN, this.captured.plusSeconds(1)));

		assertThat(refused.flags()).isEmpty();
		assertThat(admitted.flags()).isEmpty();
	}

	@Test
	void twoTapsOfOneMovementAreADoubleTapOfThatMovement() {
		this.rules.check("k1", entry(1, EntryType.EXIT, this.captured));
		this.rules.check("k1", entry(2, EntryType.REFUSED, this.captured.plusSeconds(10)));

		Verdict exit = this.rules.check("k1", entry(3, EntryType.EXIT, this.captured.plusSeconds(3)));
		Verdict refused = this.rules.check("k1", entry(4, EntryType.REFUSED, this.captured.plusSeconds(12)));

		assertThat(exit.flags()).containsExactly(Flag.DOUBLE_TAP);
		assertThat(refused.flags()).containsExactly(Flag.DOUBLE_TAP);
	}

	@Test
	void kindsInOneBatchAreTellApartToo() {
		List<Verdict> verdicts = this.rules.check("k1",
				List.of(entry(1, EntryType.CHECK_IN, this.captured),
						entry(2, EntryType.EXIT, this.captured.plusSeconds(1)),
						entry(3, EntryType.REFUSED, this.captured.plusSeconds(2))));

		assertThat(verdicts).allSatisfy((verdict) -> assertThat(verdict.flags()).isEmpty());
	}

	@Test
	void everyKindCountsInTheKiosksRate() {
		List<Verdict> verdicts = new ArrayList<>();
		EntryType[] kinds = { EntryType.CHECK_IN, EntryType.EXIT, EntryType.REFUSED };
		for (int i = 0; i < 121; i++) {
			Instant at = NOW.minusSeconds(60).plusMillis(400L * i);
			verdicts.add(this.rules.check("k1", entry(i + 1, "att_" + i, kinds[i % 3], at, at)));
		}

		assertThat(verdicts.get(120).flags()).containsExactly(Flag.RATE_ANOMALY);
	}

	@Test
	void anExitOrARefusalQueuedLongAfterCaptureIsAStaleReplayAndOneCapturedAfterItsQueueWriteIsSkewed() {
		Instant old = NOW.minus(Duration.ofDays(1));
		Instant queued = NOW.minus(Duration.ofMinutes(7));

		assertThat(this.rules.check("k1", entry(1, "a", EntryType.EXIT, old, NOW)).staleReplay()).isTrue();
		assertThat(this.rules.check("k1", entry(2, "a", EntryType.REFUSED, old, NOW)).staleReplay()).isTrue();
		assertThat(this.rules.check("k1", entry(3, "b", EntryType.EXIT, queued.plus(Duration.ofMinutes(6)), queued))
			.flags()).containsExactly(Flag.CLOCK_SKEW);
	}

	private static FlushEntry entry(long seq, EntryType type, Instant capturedAt) {
		return entry(seq, "att_1", type, capturedAt, capturedAt);
	}

	private static FlushEntry entry(long seq, String attendeeId, EntryType type, Instant capturedAt, Instant queuedAt) {
		KioskDecision decision = switch (type) {
			case CHECK_IN -> KioskDecision.admit();
			case REFUSED -> KioskDecision.refuse("ALREADY_ENTERED");
			default -> null;
		};
		return new FlushEntry(seq, "k1:" + seq, type, attendeeId,
				OffsetDateTime.ofInstant(capturedAt, ZoneOffset.ofHours(2)),
				OffsetDateTime.ofInstant(queuedAt, ZoneOffset.ofHours(2)), false, null, "main-hall", 1L, decision,
				null);
	}

}
