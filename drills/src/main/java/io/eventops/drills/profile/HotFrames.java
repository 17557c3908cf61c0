package io.eventops.drills.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Summarises a JFR recording's {@code jdk.ExecutionSample} events within a time window to
 * its hottest frames: the top frame (where the CPU was) and the first frame of our own
 * code on the stack (which of our operations it served).
 *
 * @param service the service
 * @param samples samples in the window
 * @param topFrames hottest top frames, with their sample counts
 * @param ownFrames hottest first {@code io.eventops} frames
 * @param collections garbage collections that started in the window
 * @param gcPauseSeconds their stop-the-world pauses, summed: with the serial collector
 * (the local stack's) CPU time of the collector's thread too
 */
public record HotFrames(String service, long samples, List<Map.Entry<String, Long>> topFrames,
		List<Map.Entry<String, Long>> ownFrames, long collections, double gcPauseSeconds) {

	/**
	 * Reads a recording.
	 * @param service the service's name
	 * @param file the {@code .jfr} file
	 * @param from the window's start
	 * @param to the window's end
	 * @param top how many frames to keep
	 * @return the summary, or {@code null} when the file is missing
	 * @throws IOException when it cannot be read
	 */
	public static HotFrames read(String service, Path file, Instant from, Instant to, int top) throws IOException {
		if (!Files.isRegularFile(file)) {
			return null;
		}
		Map<String, Long> tops = new HashMap<>();
		Map<String, Long> own = new HashMap<>();
		long samples = 0;
		long collections = 0;
		Duration paused = Duration.ZERO;
		try (RecordingFile recording = new RecordingFile(file)) {
			while (recording.hasMoreEvents()) {
				RecordedEvent event = recording.readEvent();
				if (event.getStartTime().isBefore(from) || event.getStartTime().isAfter(to)) {
					continue;
				}
				if ("jdk.GarbageCollection".equals(event.getEventType().getName())) {
					collections++;
					paused = paused.plus(event.getDuration("sumOfPauses"));
					continue;
				}
				if (!"jdk.ExecutionSample".equals(event.getEventType().getName())) {
					continue;
				}
				RecordedStackTrace stack = event.getStackTrace();
				if (stack == null || stack.getFrames().isEmpty()) {
					continue;
				}
				samples++;
				tops.merge(name(stack.getFrames().get(0)), 1L, Long::sum);
				String mine = stack.getFrames()
					.stream()
					.map(HotFrames::name)
					.filter((frame) -> frame.startsWith("io.eventops"))
					.findFirst()
					.orElse("(no io.eventops frame: framework, TLS, JIT, GC)");
				own.merge(mine, 1L, Long::sum);
			}
		}
		return new HotFrames(service, samples, best(tops, top), best(own, top), collections, paused.toNanos() / 1e9);
	}

	private static String name(RecordedFrame frame) {
		return frame.getMethod().getType().getName() + "." + frame.getMethod().getName();
	}

	private static List<Map.Entry<String, Long>> best(Map<String, Long> counts, int top) {
		return counts.entrySet()
			.stream()
			.sorted(Map.Entry.<String, Long>comparingByValue().reversed())
			.limit(top)
			.map((e) -> Map.entry(e.getKey(), e.getValue()))
			.toList();
	}

}
