package io.eventops.agent.simulate;

import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.eventops.agent.AgentStatus;
import io.eventops.agent.KioskAgent;
import io.eventops.agent.config.AgentConfig;
import io.eventops.agent.flush.FlushRound;
import io.eventops.agent.http.EdgeClient;
import io.eventops.agent.http.TlsTrust;

/**
 * Runs a simulated fleet: every virtual kiosk is a real {@link KioskAgent} with its own
 * log file and background flush loop; check-ins are generated at the plan's rate, the
 * shared network is cut and restored as scripted, and at the end every log is drained and
 * summarized.
 */
public final class FleetSimulation {

	private static final Duration POLL = Duration.ofMillis(100);

	private final SimulationPlan plan;

	private final NetworkSwitch network = new NetworkSwitch();

	private final AtomicLong nextAttendee = new AtomicLong();

	private FleetSimulation(SimulationPlan plan) {
		this.plan = plan;
	}

	/**
	 * Runs a simulation to its end.
	 * @param plan what to simulate
	 * @return the summary
	 * @throws InterruptedException when interrupted
	 */
	public static SimulationSummary run(SimulationPlan plan) throws InterruptedException {
		return new FleetSimulation(plan).run();
	}

	private SimulationSummary run() throws InterruptedException {
		long started = System.nanoTime();
		List<VirtualKiosk> fleet = new ArrayList<>();
		ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(
				Math.min(8, this.plan.kiosks().size() + 2),
				Thread.ofPlatform().daemon().name("simulate-", 0).factory());
		try (HttpClient http = EdgeClient.httpClient(TlsTrust.context(this.plan.caFile()), Duration.ofSeconds(5))) {
			for (KioskCredentials kiosk : this.plan.kiosks()) {
				fleet.add(open(kiosk, http));
			}
			long periodMicros = Math.max(1, (long) (1_000_000 / this.plan.checkInsPerSecond()));
			for (VirtualKiosk kiosk : fleet) {
				scheduler.scheduleAtFixedRate(() -> kiosk.checkIn(nextAttendee()), 0, periodMicros,
						TimeUnit.MICROSECONDS);
			}
			for (Outage outage : this.plan.outages()) {
				scheduler.schedule(this.network::cut, outage.start().toMillis(), TimeUnit.MILLISECONDS);
				scheduler.schedule(this.network::restore, outage.end().toMillis(), TimeUnit.MILLISECONDS);
			}
			generate();
			Duration lastRestore = this.plan.outages()
				.stream()
				.map(Outage::end)
				.max(Duration::compareTo)
				.orElse(Duration.ZERO);
			// generation stops; a cut scripted past the end still ends on schedule
			scheduler.shutdown();
			scheduler.awaitTermination(lastRestore.toMillis() + 5_000, TimeUnit.MILLISECONDS);
			this.network.restore();
			long drainStarted = System.nanoTime();
			boolean drained = drain(fleet);
			Duration drainTime = Duration.ofNanos(System.nanoTime() - drainStarted);
			return summarize(fleet, drained, Duration.ofNanos(System.nanoTime() - started), drainTime);
		}
		finally {
			scheduler.shutdownNow();
			for (VirtualKiosk kiosk : fleet) {
				kiosk.agent.close();
			}
		}
	}

	// the generation's length: the plan's duration, or less when its stop file appears
	private void generate() throws InterruptedException {
		long end = System.nanoTime() + this.plan.duration().toNanos();
		Path stop = this.plan.stopFile();
		long left;
		while ((left = end - System.nanoTime()) > 0) {
			if (stop != null && Files.exists(stop)) {
				return;
			}
			TimeUnit.NANOSECONDS.sleep((stop != null) ? Math.min(left, POLL.toNanos()) : left);
		}
	}

	private VirtualKiosk open(KioskCredentials kiosk, HttpClient http) {
		AgentConfig config = AgentConfig.defaults(kiosk.kioskId(), this.plan.edgeUrl(), kiosk.token())
			.withCaFile(this.plan.caFile())
			.withDatabase(this.plan.directory().resolve(kiosk.kioskId() + ".kiosk.db"))
			.withBatchSize(this.plan.batchSize())
			.withBackoff(this.plan.backoff());
		VirtualKiosk virtual = new VirtualKiosk();
		virtual.agent = KioskAgent.builder(config)
			.httpClient(http)
			.network(this.network)
			.onRound(virtual::round)
			.open();
		// learn the sequence while the network is certainly up
		virtual.agent.ensureSequence();
		virtual.underPolicy = this.plan.underPolicy();
		if (virtual.underPolicy) {
			// the kiosk's area (sync-state) and the event's policy (the snapshot) first
			virtual.agent.flush();
			try {
				virtual.agent.syncCache(Duration.ZERO);
			}
			catch (java.io.IOException ex) {
				throw new IllegalStateException("Kiosk " + kiosk.kioskId() + " cannot load its cache", ex);
			}
		}
		virtual.agent.start();
		return virtual;
	}

	private String nextAttendee() {
		List<String> attendees = this.plan.attendeeIds();
		return attendees.get((int) (this.nextAttendee.getAndIncrement() % attendees.size()));
	}

	private boolean drain(List<VirtualKiosk> fleet) throws InterruptedException {
		long deadline = System.nanoTime() + this.plan.drainTimeout().toNanos();
		for (VirtualKiosk kiosk : fleet) {
			// a kiosk deep in backoff would sit out the rest of its wait
			kiosk.agent.wake();
		}
		while (true) {
			boolean drained = fleet.stream().allMatch((kiosk) -> kiosk.agent.status().pending() == 0);
			if (drained || System.nanoTime() > deadline) {
				return drained;
			}
			Thread.sleep(POLL);
		}
	}

	private SimulationSummary summarize(List<VirtualKiosk> fleet, boolean drained, Duration elapsed,
			Duration drainTime) {
		List<SimulationSummary.KioskResult> results = new ArrayList<>();
		Map<String, Long> outcomes = new TreeMap<>();
		for (VirtualKiosk kiosk : fleet) {
			AgentStatus status = kiosk.agent.status();
			status.outcomes().forEach((outcome, count) -> outcomes.merge(outcome, count, Long::sum));
			results.add(new SimulationSummary.KioskResult(status.kioskId(), kiosk.checkIns.get(),
					kiosk.failedCheckIns.get(), status.watermark(), status.lastSeq(), status.pending(),
					status.deadLetters().size(), kiosk.rounds.get(), kiosk.failedRounds.get()));
		}
		return SimulationSummary.of(results, outcomes, drained, elapsed, drainTime);
	}

	/**
	 * One virtual kiosk and its counters.
	 */
	private static final class VirtualKiosk {

		KioskAgent agent;

		final AtomicLong checkIns = new AtomicLong();

		final AtomicLong failedCheckIns = new AtomicLong();

		final AtomicLong rounds = new AtomicLong();

		final AtomicLong failedRounds = new AtomicLong();

		boolean underPolicy;

		// every scan is one entry: an admission, a refusal or (no policy here) a check-in
		void checkIn(String attendeeId) {
			try {
				if (!this.underPolicy || this.agent.pass(attendeeId, false).isEmpty()) {
					this.agent.checkIn(attendeeId);
				}
				this.checkIns.incrementAndGet();
			}
			catch (RuntimeException ex) {
				this.failedCheckIns.incrementAndGet();
			}
		}

		void round(FlushRound round) {
			this.rounds.incrementAndGet();
			if (!round.drained()) {
				this.failedRounds.incrementAndGet();
			}
		}

	}

}
