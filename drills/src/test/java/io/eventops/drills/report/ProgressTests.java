package io.eventops.drills.report;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The progress line's text, its throttle and its two forms (a live bar on a terminal,
 * plain lines in a log), on a clock the test sets.
 */
class ProgressTests {

	private final AtomicLong clock = new AtomicLong(1_000_000_000L);

	private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

	private final PrintStream out = new PrintStream(this.bytes, true, StandardCharsets.UTF_8);

	@Test
	void lineSaysPhaseAcknowledgedRateAndElapsed() {
		assertThat(Progress.line("herd", 12_500, 50_000, 1.2))
			.isEqualTo("herd: 12 500 / 50 000 entries acknowledged (25 %), 10 417 entries/s, 1.2 s");
		assertThat(Progress.line("chaos", 340, 0, 4.0))
			.isEqualTo("chaos: 340 entries acknowledged, 85 entries/s, 4.0 s");
		assertThat(Progress.line("herd", 0, 50_000, 0.0))
			.isEqualTo("herd: 0 / 50 000 entries acknowledged (0 %), 0 entries/s, 0.0 s");
	}

	@Test
	void barFillsWithTheShareAcknowledged() {
		assertThat(Progress.bar(0, 100)).isEqualTo("[------------------------]");
		assertThat(Progress.bar(50, 100)).isEqualTo("[############------------]");
		assertThat(Progress.bar(100, 100)).isEqualTo("[########################]");
		assertThat(Progress.bar(130, 100)).isEqualTo("[########################]");
		assertThat(Progress.bar(5, 0)).isEqualTo("[------------------------]");
	}

	@Test
	void aLogGetsPlainLinesAtMostOncePerInterval() {
		Progress progress = new Progress(this.out, false, Duration.ofSeconds(5), this.clock::get);
		progress.phase("herd", 1000);
		assertThat(progress.report(0)).as("the first report of a phase prints").isTrue();
		advance(Duration.ofMillis(4900));
		assertThat(progress.report(400)).isFalse();
		advance(Duration.ofMillis(100));
		assertThat(progress.report(500)).isTrue();
		advance(Duration.ofMillis(1000));
		progress.done(1000);
		assertThat(text()).doesNotContain("\r")
			.isEqualTo("[progress] herd: 0 / 1 000 entries acknowledged (0 %), 0 entries/s, 0.0 s\n"
					+ "[progress] herd: 500 / 1 000 entries acknowledged (50 %), 100 entries/s, 5.0 s\n"
					+ "[progress] herd: 1 000 / 1 000 entries acknowledged (100 %), 167 entries/s, 6.0 s\n");
	}

	@Test
	void aTerminalGetsOneBarRedrawnInPlaceAndANewlineAtTheEnd() {
		Progress progress = new Progress(this.out, true, Duration.ofSeconds(1), this.clock::get);
		progress.phase("warm-up 1/6", 200);
		progress.report(0);
		advance(Duration.ofSeconds(1));
		progress.report(100);
		progress.phase("herd", 400);
		progress.report(0);
		progress.done(400);
		String text = text();
		assertThat(text).startsWith("\r[------------------------] warm-up 1/6: 0 / 200");
		assertThat(text).contains("\r[############------------] warm-up 1/6: 100 / 200");
		// one newline ends each phase's bar, none in between
		assertThat(text.split("\n", -1)).hasSize(3);
		assertThat(text)
			.endsWith("\r[########################] herd: 400 / 400 entries acknowledged (100 %), 0 entries/s,"
					+ " 0.0 s\u001b[K\n");
	}

	@Test
	void aNewPhasePrintsAtOnceAndRestartsItsClock() {
		Progress progress = new Progress(this.out, false, Duration.ofSeconds(5), this.clock::get);
		progress.phase("warm-up 1/2", 100);
		progress.report(0);
		advance(Duration.ofSeconds(2));
		progress.phase("warm-up 2/2", 100);
		assertThat(progress.report(10)).isTrue();
		assertThat(text()).endsWith("warm-up 2/2: 10 / 100 entries acknowledged (10 %), 0 entries/s, 0.0 s\n");
	}

	private void advance(Duration by) {
		this.clock.addAndGet(by.toNanos());
	}

	private String text() {
		return this.bytes.toString(StandardCharsets.UTF_8);
	}

}
