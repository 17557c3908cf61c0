package io.eventops.drills.rollout;

import java.time.Duration;

/**
 * The rollout's shape.
 *
 * @param seed the seed of the data, the check-ins and the kills
 * @param replicas JVMs of every service (2 or more)
 * @param kiosks kiosks
 * @param backlog entries each kiosk queued during an outage, drained as a herd at the
 * start
 * @param attendees attendees in the registry
 * @param checkInsPerSecond live check-ins over all kiosks while the rollout runs
 * @param steady how long the suite runs before the first restart (the latency baseline)
 * @param parallel whether the services roll at the same time (as {@code kubectl rollout
 * restart} of every Deployment does), each still one replica at a time
 * @param grace how long a replica may drain after SIGTERM before it is killed
 * ({@code terminationGracePeriodSeconds})
 * @param liveKiosks online kiosks of the live lane (issue #24), each checking one
 * attendee in about every 2 s and printing on an idle printer of its own, measured on the
 * idle suite, during the herd and through the rollout ({@code 0} for none)
 * @param liveIdle how long the live kiosks run alone before the herd
 */
public record RolloutPlan(long seed, int replicas, int kiosks, int backlog, int attendees, double checkInsPerSecond,
		Duration steady, boolean parallel, Duration grace, int liveKiosks, Duration liveIdle) {

	public RolloutPlan {
		if (replicas < 2) {
			throw new IllegalArgumentException("a rollout needs 2 or more replicas of every service");
		}
		if (kiosks < 1 || backlog < 0 || attendees < 1 || checkInsPerSecond <= 0) {
			throw new IllegalArgumentException("kiosks, attendees >= 1, backlog >= 0, check-ins per second > 0");
		}
		if (liveKiosks < 0 || liveKiosks > 99 || (liveKiosks > 0 && liveIdle.isNegative())) {
			throw new IllegalArgumentException("live kiosks 0..99, their idle time not negative");
		}
	}

	/**
	 * The full rollout: the services one after the other, so that each restart's window
	 * is its own.
	 * @param seed the seed
	 * @param replicas JVMs of every service
	 * @return the plan
	 */
	public static RolloutPlan full(long seed, int replicas) {
		return new RolloutPlan(seed, replicas, 12, 100, 20_000, 8, Duration.ofSeconds(15), false,
				Duration.ofSeconds(60), 20, Duration.ofSeconds(20));
	}

	/**
	 * The CI rollout: fewer kiosks (2 of them live), the three services rolled at once.
	 * @param seed the seed
	 * @return the plan
	 */
	public static RolloutPlan smoke(long seed) {
		return new RolloutPlan(seed, 2, 6, 40, 5_000, 5, Duration.ofSeconds(5), true, Duration.ofSeconds(60), 2,
				Duration.ofSeconds(4));
	}

	/**
	 * The same rollout with another number of live kiosks.
	 * @param kiosks live kiosks ({@code 0} for none)
	 * @return the plan
	 */
	public RolloutPlan withLiveKiosks(int kiosks) {
		return new RolloutPlan(this.seed, this.replicas, this.kiosks, this.backlog, this.attendees,
				this.checkInsPerSecond, this.steady, this.parallel, this.grace, kiosks, this.liveIdle);
	}

}
