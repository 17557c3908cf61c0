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
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TimeRulesTests {

	private static final Instant NOW = Instant.parse("2026-07-16T12:00:00Z");

	private final TimeRules rules = new TimeRules(RuleProperties.defaults(), Clock.fixed(NOW, ZoneOffset.UTC));

	@Test
	void tenMinuteOutageDrainedAtOnceIsNeitherStaleNorRateAnomalyNorDoubleTap() {
		List<Verdict> verdicts = new ArrayList<>();
		for (int i = 0; i < 200; i++) {
			Instant captured = NOW.minus(Duration.ofMinutes(10)).plusSeconds(3L * i);
			verdicts.add(this.rules.check("k1", entry(i + 1, "att_" + i, captured, captured.plusMillis(900))));
		}

		assertThat(verdicts).allSatisfy((verdict) -> {
			assertThat(verdict.staleReplay()).isFalse();
			assertThat(verdict.flags()).isEmpty();
		});
	}

	@Test
	void entryQueuedSoonAfterCaptureIsFreshHoweverLateItIsDelivered() {
		Verdict verdict = this.rules.check("k1", entry(1, "a", NOW.minusSeconds(600), NOW.minusSeconds(570)));

		assertThat(verdict.staleReplay()).isFalse();
		assertThat(verdict.flags()).isEmpty();
	}

	@Test
	void entryQueuedLongAfterCaptureIsAStaleReplayAndSpendsNoHistory() {
		Instant captured = NOW.minus(Duration.ofDays(2));
		Verdict stale = this.rules.check("k1", entry(1, "a", captured, NOW));
		Verdict next = this.rules.check("k1", entry(2, "a", captured.plusSeconds(1), captured.plusSeconds(2)));

		assertThat(stale.staleReplay()).isTrue();
		assertThat(next.flags()).doesNotContain(Flag.DOUBLE_TAP);
	}

	@Test
	void captureLongAfterItsQueueWriteIsFlaggedAsClockSkew() {
		Instant queued = NOW.minus(Duration.ofMinutes(7));

		Verdict verdict = this.rules.check("k1", entry(1, "a", queued.plus(Duration.ofMinutes(6)), queued));

		assertThat(verdict.staleReplay()).isFalse();
		assertThat(verdict.flags()).containsExactly(Flag.CLOCK_SKEW);
	}

	@Test
	void queueTimeAheadOfTheServerIsClampedToNow() {
		Instant future = NOW.plus(Duration.ofMinutes(10));

		Verdict verdict = this.rules.check("k1", entry(1, "a", future, future));

		assertThat(verdict.flags()).containsExactly(Flag.CLOCK_SKEW);
	}

	@Test
	void moreEntriesPerMinuteOfCaptureTimeThanAKioskCanTakeAreFlagged() {
		List<Verdict> verdicts = new ArrayList<>();
		for (int i = 0; i < 130; i++) {
			Instant captured = NOW.minusSeconds(60).plusMillis(400L * i);
			verdicts.add(this.rules.check("k1", entry(i + 1, "att_" + i, captured, captured)));
		}

		assertThat(verdicts.subList(0, 120)).allSatisfy((verdict) -> assertThat(verdict.flags()).isEmpty());
		assertThat(verdicts.subList(120, 130))
			.allSatisfy((verdict) -> assertThat(verdict.flags()).containsExactly(Flag.RATE_ANOMALY));
	}

	@Test
	void sameAttendeeWithinTheTapWindowIsADoubleTapButARetryOfTheSameSeqIsNot() {
		Instant captured = NOW.minusSeconds(30);
		this.rules.check("k1", entry(1, "a", captured, captured));

		Verdict retry = this.rules.check("k1", entry(1, "a", captured, captured));
		Verdict tap = this.rules.check("k1", entry(2, "a", captured.plusSeconds(4), captured.plusSeconds(4)));
		Verdict otherKiosk = this.rules.check("k2", entry(1, "a", captured.plusSeconds(1), captured.plusSeconds(1)));
		Verdict later = this.rules.check("k1", entry(3, "a", captured.plusSeconds(20), captured.plusSeconds(20)));

		assertThat(retry.flags()).isEmpty();
		assertThat(tap.flags()).containsExactly(Flag.DOUBLE_TAP);
		assertThat(otherKiosk.flags()).isEmpty();
		assertThat(later.flags()).isEmpty();
	}

	@Test
	void switchedOffRulesNeitherRejectNorFlag() {
		RuleSettings off = new RuleSettings(new RuleSettings.Rule(false, Duration.ofMinutes(3)),
				new RuleSettings.Rule(false, Duration.ofMinutes(5)), new RuleSettings.RateRule(false, 1),
				new RuleSettings.Rule(false, Duration.ofSeconds(5)), 10, 10);
		TimeRules rules = new TimeRules(off, Clock.fixed(NOW, ZoneOffset.UTC));
		Instant old = NOW.minus(Duration.ofDays(2));

		Verdict stale = rules.check("k1", entry(1, "a", old, NOW));
		Verdict skewed = rules.check("k1", entry(2, "a", NOW.plus(Duration.ofHours(1)), NOW));
		Verdict tap = rules.check("k1", entry(3, "a", old, old));

		assertThat(stale.staleReplay()).isFalse();
		assertThat(skewed.flags()).isEmpty();
		assertThat(tap.flags()).isEmpty();
	}

	private static FlushEntry entry(long seq, String attendeeId, Instant capturedAt, Instant queuedAt) {
		return new FlushEntry(seq, "k1:" + seq, EntryType.CHECK_IN, attendeeId,
				OffsetDateTime.ofInstant(capturedAt, ZoneOffset.ofHours(2)),
				OffsetDateTime.ofInstant(queuedAt, ZoneOffset.ofHours(2)), false, null);
	}

}
