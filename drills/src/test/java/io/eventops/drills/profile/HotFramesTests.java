package io.eventops.drills.profile;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The profile summary of a real JFR recording of this JVM: execution samples and garbage
 * collections are counted only inside the window.
 */
class HotFramesTests {

	@Test
	void countsSamplesAndCollectionsInsideTheWindowOnly(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("test.jfr");
		Instant from;
		Instant to;
		try (Recording recording = new Recording()) {
			recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
			recording.enable("jdk.GarbageCollection");
			recording.start();
			System.gc();
			// margins, so that the recording's clock and Instant.now() need not agree to
			// the microsecond
			busy(Duration.ofMillis(100));
			from = Instant.now();
			busy(Duration.ofMillis(500));
			System.gc();
			System.gc();
			busy(Duration.ofMillis(100));
			to = Instant.now();
			busy(Duration.ofMillis(200));
			System.gc();
			recording.stop();
			recording.dump(file);
		}

		HotFrames window = HotFrames.read("test", file, from, to, 5);
		HotFrames before = HotFrames.read("test", file, from.minusSeconds(60), from.minusNanos(1), 5);
		HotFrames all = HotFrames.read("test", file, from.minusSeconds(60), to.plusSeconds(60), 5);

		assertThat(window.samples()).isPositive();
		assertThat(window.topFrames()).isNotEmpty();
		// the two System.gc() calls, and any young collection the busy loop caused
		assertThat(window.collections()).isGreaterThanOrEqualTo(2);
		assertThat(window.gcPauseSeconds()).isPositive();
		assertThat(before.collections()).isGreaterThanOrEqualTo(1);
		// the collection after the window is counted only by the wider window
		assertThat(all.collections()).isGreaterThanOrEqualTo(before.collections() + window.collections() + 1);
		assertThat(all.samples()).isGreaterThan(window.samples());
		assertThat(HotFrames.read("test", dir.resolve("missing.jfr"), from, to, 5)).isNull();
	}

	private static void busy(Duration time) {
		long until = System.nanoTime() + time.toNanos();
		long sink = 0;
		while (System.nanoTime() < until) {
			sink += Long.toString(sink).hashCode();
		}
		assertThat(sink).isNotNull();
	}

}
