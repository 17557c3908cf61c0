package io.eventops.drills.chaos;

import java.time.Duration;
import java.util.List;

/**
 * The scenario: its seed, the fleet, how long check-ins are generated, and which faults
 * at which fraction of that time.
 *
 * @param seed the seed of every random choice
 * @param kiosks how many kiosks
 * @param attendees registry size
 * @param duration how long check-ins are generated
 * @param checkInsPerSecond check-ins per second over the whole fleet
 * @param faults the scheduled faults
 */
public record ChaosPlan(long seed, int kiosks, int attendees, Duration duration, double checkInsPerSecond,
		List<Scheduled> faults) {

	public ChaosPlan {
		faults = List.copyOf(faults);
	}

	/**
	 * The short CI run: kill -9 of the reconciler, a swallowed format, a Redis flush, a
	 * printer death with failover, plus kiosk-side faults throughout.
	 * @param seed the seed
	 * @return the plan
	 */
	public static ChaosPlan smoke(long seed) {
		return new ChaosPlan(seed, 4, 400, Duration.ofSeconds(14), 12,
				List.of(new Scheduled(0.2, Kind.KILL_RECONCILER), new Scheduled(0.35, Kind.SWALLOWED_FORMAT),
						new Scheduled(0.5, Kind.FLUSH_REDIS), new Scheduled(0.65, Kind.KILL_PRINTER)));
	}

	/**
	 * The full run: every fault of the issue.
	 * @param seed the seed
	 * @return the plan
	 */
	public static ChaosPlan full(long seed) {
		return new ChaosPlan(seed, 12, 3000, Duration.ofSeconds(60), 12,
				List.of(new Scheduled(0.1, Kind.PRINTER_BLIP), new Scheduled(0.15, Kind.CONFIRMATION_BLIP),
						new Scheduled(0.2, Kind.KILL_RECONCILER), new Scheduled(0.3, Kind.PAPER_OUT),
						new Scheduled(0.38, Kind.KILL_ORCHESTRATOR), new Scheduled(0.45, Kind.RESTART_POSTGRES),
						new Scheduled(0.52, Kind.SWALLOWED_FORMAT),
						new Scheduled(0.56, Kind.CANCEL_DURING_CONFIRMATION), new Scheduled(0.6, Kind.FLUSH_REDIS),
						new Scheduled(0.75, Kind.KILL_PRINTER)));
	}

	/**
	 * A fault at a fraction of the run.
	 *
	 * @param at fraction of the duration
	 * @param kind the fault
	 */
	public record Scheduled(double at, Kind kind) {
	}

	/**
	 * The faults the drill can inject into the suite.
	 */
	public enum Kind {

		/**
		 * {@code kill -9} of the reconciler while a flush is in flight, then a restart.
		 */
		KILL_RECONCILER,

		/**
		 * {@code kill -9} of the print orchestrator (the only instance) while labels are
		 * in flight, then a restart: unconfirmed labels are resolved by the new instance.
		 */
		KILL_ORCHESTRATOR,

		/** {@code FLUSHALL} on Redis. */
		FLUSH_REDIS,

		/** PostgreSQL stopped and started again. */
		RESTART_POSTGRES,

		/** The printer {@code primary} dies with jobs in flight and queued. */
		KILL_PRINTER,

		/**
		 * The printer {@code backup} is unreachable for less than the probe threshold.
		 */
		PRINTER_BLIP,

		/** The printer {@code primary} runs out of paper, then is refilled. */
		PAPER_OUT,

		/**
		 * The printer {@code backup} is cut off the network for 1 s (less than the probe
		 * threshold) while a label is being confirmed: the label comes out once, nothing
		 * is sent again.
		 */
		CONFIRMATION_BLIP,

		/**
		 * The printer {@code backup} swallows a format: busy, then idle, no label (a jam
		 * cleared with CANCEL): it is printed again and comes out once.
		 */
		SWALLOWED_FORMAT,

		/**
		 * A {@code ~JA} from outside the orchestrator (as from another replica's
		 * failover) reaches a jammed format of the printer {@code backup} while its
		 * confirmation runs: the format is dropped, printed again, and comes out once.
		 */
		CANCEL_DURING_CONFIRMATION

	}

}
