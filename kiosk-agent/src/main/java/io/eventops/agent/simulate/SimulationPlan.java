package io.eventops.agent.simulate;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import io.eventops.agent.backoff.BackoffPolicy;

/**
 * What to simulate.
 *
 * @param edgeUrl the edge
 * @param caFile the PEM CA file to trust, or {@code null}
 * @param directory where the virtual kiosks' logs are created (one file each)
 * @param kiosks the provisioned kiosks
 * @param attendeeIds the attendees to check in, round robin across the fleet
 * @param checkInsPerSecond check-ins per second per kiosk
 * @param duration how long check-ins are generated
 * @param outages scripted network cuts
 * @param drainTimeout how long to wait for every log to drain afterwards
 * @param batchSize entries per flush request
 * @param backoff the agents' retry schedule
 * @param stopFile a file whose appearance ends the generation before {@code duration}, or
 * {@code null} (a script that must flush through a restart stops it once the restart is
 * over instead of guessing a duration long enough for a slow machine)
 * @param underPolicy whether each kiosk loads its cache (the event's policy, its area)
 * before generating and decides every scan under the policy (issue #35): entries then
 * carry areaId, policyVersion and kioskDecision, and refusals are {@code REFUSED} entries
 */
public record SimulationPlan(URI edgeUrl, Path caFile, Path directory, List<KioskCredentials> kiosks,
		List<String> attendeeIds, double checkInsPerSecond, Duration duration, List<Outage> outages,
		Duration drainTimeout, int batchSize, BackoffPolicy backoff, Path stopFile, boolean underPolicy) {

	/**
	 * A plan of plain check-ins (no policy).
	 */
	public SimulationPlan(URI edgeUrl, Path caFile, Path directory, List<KioskCredentials> kiosks,
			List<String> attendeeIds, double checkInsPerSecond, Duration duration, List<Outage> outages,
			Duration drainTimeout, int batchSize, BackoffPolicy backoff, Path stopFile) {
		this(edgeUrl, caFile, directory, kiosks, attendeeIds, checkInsPerSecond, duration, outages, drainTimeout,
				batchSize, backoff, stopFile, false);
	}

	/**
	 * The same plan with scans decided under the event's policy.
	 * @return the plan
	 */
	public SimulationPlan withPolicy() {
		return new SimulationPlan(this.edgeUrl, this.caFile, this.directory, this.kiosks, this.attendeeIds,
				this.checkInsPerSecond, this.duration, this.outages, this.drainTimeout, this.batchSize, this.backoff,
				this.stopFile, true);
	}

	public SimulationPlan {
		kiosks = List.copyOf(kiosks);
		attendeeIds = List.copyOf(attendeeIds);
		outages = List.copyOf(outages);
		if (kiosks.isEmpty() || attendeeIds.isEmpty()) {
			throw new IllegalArgumentException("a simulation needs kiosks and attendees");
		}
		if (!(checkInsPerSecond > 0)) {
			throw new IllegalArgumentException("the check-in rate must be positive");
		}
	}

	/**
	 * A plan that generates for its whole duration.
	 */
	public SimulationPlan(URI edgeUrl, Path caFile, Path directory, List<KioskCredentials> kiosks,
			List<String> attendeeIds, double checkInsPerSecond, Duration duration, List<Outage> outages,
			Duration drainTimeout, int batchSize, BackoffPolicy backoff) {
		this(edgeUrl, caFile, directory, kiosks, attendeeIds, checkInsPerSecond, duration, outages, drainTimeout,
				batchSize, backoff, null);
	}

}
