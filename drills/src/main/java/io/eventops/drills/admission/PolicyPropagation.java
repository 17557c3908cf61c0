package io.eventops.drills.admission;

import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.eventops.agent.backoff.BackoffPolicy;
import io.eventops.drills.fleet.DrillHttpClient;
import io.eventops.drills.fleet.Fleet;
import io.eventops.drills.herd.HerdPolicy;
import io.eventops.drills.report.Latency;
import io.eventops.drills.stack.AdminApi;
import io.eventops.localstack.RunningSuite;

/**
 * A policy change reaching the fleet (issue #35: 50 kiosks within 5 s): kiosks of an
 * event with a policy hold version 1 in their caches and long-poll their changes; ops
 * save version 2; each kiosk's time from the save until its cache holds it.
 */
public final class PolicyPropagation {

	/** The target: every kiosk has the new version this soon after the save. */
	public static final Duration TARGET = Duration.ofSeconds(5);

	private final RunningSuite suite;

	private final int kiosks;

	private final Path workDir;

	private final String runId;

	/**
	 * A run.
	 * @param suite the running suite
	 * @param kiosks how many kiosks
	 * @param workDir where the kiosks' files go
	 * @param runId a short lowercase id
	 */
	public PolicyPropagation(RunningSuite suite, int kiosks, Path workDir, String runId) {
		this.suite = suite;
		this.kiosks = kiosks;
		this.workDir = workDir;
		this.runId = runId;
	}

	/**
	 * Runs it.
	 * @return what it measured
	 * @throws Exception when the suite fails
	 */
	public Result run() throws Exception {
		AdminApi admin = AdminApi.of(this.suite);
		String eventId = "pp-" + this.runId;
		List<String> attendees = new ArrayList<>();
		for (int i = 1; i <= 100; i++) {
			attendees.add(String.format("pp%s-a%03d", this.runId, i));
		}
		admin.importAttendees(eventId, attendees);
		String policy = HerdPolicy.json(OffsetDateTime.now());
		long first = admin.putPolicy(eventId, policy);
		Map<String, String> areas = new LinkedHashMap<>();
		for (int k = 1; k <= this.kiosks; k++) {
			areas.put(String.format("pp%s-k%02d", this.runId, k), HerdPolicy.AREAS.get(k % HerdPolicy.AREAS.size()));
		}
		Map<String, String> tokens = admin.provisionKiosksInAreas(eventId, areas);
		BackoffPolicy backoff = new BackoffPolicy(Duration.ofMillis(100), Duration.ofSeconds(2), 0.2,
				Duration.ofSeconds(5));
		DrillHttpClient http = new DrillHttpClient(admin.http(), 42);
		try (Fleet fleet = Fleet.open(
				new Fleet.FleetSettings(this.suite.edgeUrl(), this.suite.caFile(), this.workDir, 100, backoff, 42),
				tokens, http, Math.min(this.kiosks, 16))) {
			fleet.syncCachesOnce();
			// the same policy with another rule text: a new version
			String changed = policy.replace("minutesSinceLastEntry >= 5", "minutesSinceLastEntry >= 10");
			long[] saved = new long[1];
			Map<String, Double> reached = fleet.syncUntilPolicy(() -> saved[0] = admin.putPolicy(eventId, changed),
					TARGET.multipliedBy(6));
			return new Result(this.kiosks, first, saved[0], reached.size(), Latency.of(List.copyOf(reached.values())));
		}
	}

	/**
	 * What a run measured.
	 *
	 * @param kiosks kiosks in the fleet
	 * @param fromVersion the version the caches held
	 * @param toVersion the version saved
	 * @param reached kiosks whose caches held it in time (within 6 x the target)
	 * @param latency milliseconds from the save until a kiosk's cache held it
	 */
	public record Result(int kiosks, long fromVersion, long toVersion, int reached, Latency latency) {

		/**
		 * Whether every kiosk had it within the target.
		 * @return whether met
		 */
		public boolean met() {
			return this.reached == this.kiosks && this.latency.max() <= TARGET.toMillis();
		}

		/**
		 * The report's lines.
		 * @return markdown
		 */
		public String markdown() {
			return String.format(
					"policy v%d -> v%d reached %d of %d kiosks; from the save until a kiosk's cache held it: p50 %.0f,"
							+ " p99 %.0f, max %.0f ms (target: every kiosk within %d s: %s)%n",
					this.fromVersion, this.toVersion, this.reached, this.kiosks, this.latency.p50(), this.latency.p99(),
					this.latency.max(), TARGET.toSeconds(), met() ? "met" : "**not met**");
		}

	}

}
