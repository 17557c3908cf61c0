package io.eventops.drills.report;

import java.util.Arrays;
import java.util.List;

/**
 * Latency percentiles in milliseconds.
 *
 * @param count samples
 * @param p50 median
 * @param p95 95th percentile
 * @param p99 99th percentile
 * @param max maximum
 * @param mean mean
 */
public record Latency(int count, double p50, double p95, double p99, double max, double mean) {

	/**
	 * Percentiles of samples (nearest rank).
	 * @param millis the samples
	 * @return the percentiles
	 */
	public static Latency of(List<Double> millis) {
		if (millis.isEmpty()) {
			return new Latency(0, 0, 0, 0, 0, 0);
		}
		double[] sorted = millis.stream().mapToDouble(Double::doubleValue).sorted().toArray();
		return new Latency(sorted.length, rank(sorted, 0.50), rank(sorted, 0.95), rank(sorted, 0.99),
				sorted[sorted.length - 1], Arrays.stream(sorted).average().orElse(0));
	}

	private static double rank(double[] sorted, double p) {
		int index = (int) Math.ceil(p * sorted.length) - 1;
		return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
	}

}
