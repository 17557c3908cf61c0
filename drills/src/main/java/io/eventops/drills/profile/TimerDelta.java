package io.eventops.drills.profile;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How much a Prometheus timer ({@code _count}, {@code _sum}) grew during a run.
 *
 * @param metric the timer's name, e.g. {@code eventops_reconcile_batch_seconds}
 * @param count observations during the run
 * @param seconds their total time
 */
public record TimerDelta(String metric, long count, double seconds) {

	/**
	 * The difference of two scrapes.
	 * @param metric the timer
	 * @param before the exposition text before
	 * @param after the exposition text after
	 * @return the delta
	 */
	public static TimerDelta between(String metric, String before, String after) {
		return new TimerDelta(metric, (long) (sum(after, metric + "_count") - sum(before, metric + "_count")),
				sum(after, metric + "_sum") - sum(before, metric + "_sum"));
	}

	/**
	 * Mean time per observation.
	 * @return milliseconds
	 */
	public double meanMillis() {
		return (this.count > 0) ? this.seconds * 1000 / this.count : 0;
	}

	private static double sum(String text, String series) {
		if (text == null) {
			return 0;
		}
		Matcher matcher = Pattern.compile("(?m)^" + Pattern.quote(series) + "(\\{[^}]*\\})?\\s+(\\S+)").matcher(text);
		double total = 0;
		while (matcher.find()) {
			total += Double.parseDouble(matcher.group(2));
		}
		return total;
	}

}
