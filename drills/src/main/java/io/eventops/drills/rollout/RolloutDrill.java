package io.eventops.drills.rollout;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import io.eventops.agent.AgentStatus;
import io.eventops.agent.CheckInReceipt;
import io.eventops.agent.backoff.BackoffPolicy;
import io.eventops.drills.chaos.PrintInvariants;
import io.eventops.drills.report.Progress;
import io.eventops.drills.check.Check;
import io.eventops.drills.check.CheckInInvariants;
import io.eventops.drills.check.Checks;
import io.eventops.drills.fleet.BatchTiming;
import io.eventops.drills.fleet.DrillHttpClient;
import io.eventops.drills.fleet.Fleet;
import io.eventops.drills.fleet.PlannedEntry;
import io.eventops.drills.herd.LiveLane;
import io.eventops.drills.report.Latency;
import io.eventops.drills.stack.AdminApi;
import io.eventops.drills.stack.Database;
import io.eventops.drills.stack.DrillStack;
import io.eventops.localstack.ManagedService;
import io.eventops.localstack.RunningSuite;
import io.eventops.localstack.SuiteOptions;
import io.eventops.printer.virtual.PrintedLabel;
import io.eventops.printer.virtual.VirtualPrinter;

/**
 * Runs the rollout on a suite with several replicas of every service: a herd drains the
 * kiosks' outage backlogs and live check-ins keep coming while every replica of every
 * service is restarted one at a time as Kubernetes rolls a Deployment (out of the
 * balancer's rotation, SIGTERM, graceful drain, a new JVM, in rotation again once ready),
 * and one replica of each service is killed with {@code kill -9} at a seeded moment and
 * started again; then every kiosk drains, every badge prints, and the invariants are
 * checked.
 */
public final class RolloutDrill {

	private static final Duration TICK = Duration.ofMillis(100);

	private static final Duration START = Duration.ofMinutes(3);

	// how long a kill waits for work on the wire to cut short
	private static final Duration BUSY = Duration.ofSeconds(10);

	private final RunningSuite suite;

	private final RolloutPlan plan;

	private final Path workDir;

	private final String runId;

	private final List<RolloutStep> steps = new CopyOnWriteArrayList<>();

	private final AtomicInteger unconfirmedAtKills = new AtomicInteger();

	private List<BatchTiming> timings = List.of();

	private DrillHttpClient http;

	private PrinterWatch watch;

	private Database database;

	private long origin;

	/**
	 * A drill.
	 * @param suite the suite, {@link RolloutPlan#replicas()} JVMs of every service
	 * @param plan the shape
	 * @param workDir where the kiosk logs go
	 * @param runId a short lowercase id
	 */
	public RolloutDrill(RunningSuite suite, RolloutPlan plan, Path workDir, String runId) {
		this.suite = suite;
		this.plan = plan;
		this.workDir = workDir;
		this.runId = runId;
	}

	/**
	 * The replicas of every service the plan asks for.
	 * @param plan the plan
	 * @return JVMs by module, for {@link DrillStack#start}
	 */
	public static Map<String, Integer> replicas(RolloutPlan plan) {
		Map<String, Integer> replicas = new TreeMap<>();
		DrillStack.services().forEach((service) -> replicas.put(service, plan.replicas()));
		return replicas;
	}

	/**
	 * Runs the rollout.
	 * @return the summary
	 * @throws Exception when the drill itself fails
	 */
	public RolloutSummary run() throws Exception {
		long started = System.nanoTime();
		AdminApi admin = AdminApi.of(this.suite);
		// the suite answers once one replica of each service is healthy: every request
		// below goes through HAProxy, which would send some to a replica not yet ready
		DrillStack.awaitInRotation(this.suite, START);
		this.database = new Database(this.suite);
		Random random = new Random(this.plan.seed());
		String eventId = "rollout-" + this.runId;
		String prefix = "r" + this.runId + "-";
		List<String> attendees = new ArrayList<>();
		for (int i = 1; i <= this.plan.attendees(); i++) {
			attendees.add(String.format("%sa%06d", prefix, i));
		}
		admin.importAttendees(eventId, attendees);
		List<String> kioskIds = new ArrayList<>();
		for (int k = 1; k <= this.plan.kiosks(); k++) {
			kioskIds.add(String.format("%sk%02d", prefix, k));
		}
		Map<String, String> tokens = admin.provisionKiosks(eventId, kioskIds);
		List<String> shuffled = new ArrayList<>(attendees);
		Collections.shuffle(shuffled, random);
		Map<String, List<PlannedEntry>> backlog = backlog(kioskIds, shuffled, random);
		Map<String, Map<Long, String>> recorded = new ConcurrentHashMap<>();
		backlog.forEach((kiosk, entries) -> {
			Map<Long, String> bySeq = new TreeMap<>();
			for (int i = 0; i < entries.size(); i++) {
				bySeq.put((long) i + 1, entries.get(i).attendeeId());
			}
			recorded.put(kiosk, bySeq);
		});
		this.http = new DrillHttpClient(admin.http(), this.plan.seed());
		BackoffPolicy backoff = new BackoffPolicy(Duration.ofMillis(100), Duration.ofSeconds(1), 0.2,
				Duration.ofSeconds(3));
		try (Fleet fleet = Fleet.open(new Fleet.FleetSettings(this.suite.edgeUrl(), this.suite.caFile(), this.workDir,
				100, backoff, this.plan.seed()), tokens, this.http, 4);
				LiveLane lane = (this.plan.liveKiosks() > 0) ? LiveLane.open(this.suite, admin, eventId, prefix,
						this.plan.liveKiosks(), this.workDir.resolve("live"), backoff, this.plan.seed() + 7) : null) {
			fleet.record(backlog, 4);
			Progress progress = Progress.onStdout();
			if (lane != null) {
				// the live lane's baseline: its kiosks alone on the idle suite
				lane.start("idle");
				progress.phase("live kiosks on the idle suite", 0);
				progress.follow(lane::checkIns);
				Thread.sleep(this.plan.liveIdle().toMillis());
				progress.done(lane.checkIns());
				lane.phase("herd");
			}
			this.watch = new PrinterWatch(this.database, eventId, this.suite.printers());
			this.origin = System.nanoTime();
			LiveCheckIns live = new LiveCheckIns(fleet, kioskIds, shuffled.subList(backlogSize(), shuffled.size()),
					recorded, new Random(random.nextLong()));
			// the herd: every kiosk's loop starts on its backlog at once, the live
			// check-ins beside it
			fleet.startLoops();
			progress.phase("rollout", 0);
			progress.follow(fleet::acknowledgedNow);
			boolean herd = awaitBacklogs(fleet, Duration.ofMinutes(3));
			long steady = System.nanoTime();
			phase(lane, "steady");
			this.steps.add(window("-", "-", "herd", this.origin, steady, 0, false, 0, herd,
					herd ? "every backlog acknowledged" : "backlogs NOT acknowledged in 3 min"));
			// the baseline of the restarts' latency: live check-ins alone
			Thread.sleep(this.plan.steady().toMillis());
			this.steps.add(window("-", "-", "steady", steady, System.nanoTime(), 0, false, 0, true,
					"live check-ins, before the first restart"));
			long rollout = System.nanoTime();
			phase(lane, "rollout");
			List<Thread> services = new ArrayList<>();
			for (String service : DrillStack.services()) {
				List<Action> sequence = sequence(service, random);
				if (this.plan.parallel()) {
					services.add(Thread.ofPlatform().name("rollout-" + service).start(() -> roll(service, sequence)));
				}
				else {
					roll(service, sequence);
				}
			}
			for (Thread roll : services) {
				roll.join();
			}
			double rolloutSeconds = (System.nanoTime() - rollout) / 1e9;
			live.close();
			if (lane != null) {
				lane.stop();
			}
			boolean drained = fleet.awaitDrained(Duration.ofMinutes(3));
			progress.done(fleet.acknowledgedNow());
			boolean printed = awaitPrinted(eventId, Duration.ofMinutes(3));
			this.watch.close();
			this.timings = this.http.timings();
			Map<String, Map<Long, String>> entries = new TreeMap<>(recorded);
			Map<String, Map<Long, String>> outcomes = new TreeMap<>(fleet.outcomes(4));
			Map<String, AgentStatus> statuses = new TreeMap<>(fleet.statuses());
			List<PrintedLabel> labels = new ArrayList<>();
			this.suite.printers().stream().map(VirtualPrinter::printedLabels).forEach(labels::addAll);
			List<BatchTiming> flushes = new ArrayList<>(this.timings);
			RolloutSummary.Live liveLatency = null;
			boolean formats = true;
			if (lane != null) {
				formats = lane.awaitFormats(Duration.ofSeconds(60));
				LiveLane.LiveLatency all = lane.latency();
				liveLatency = new RolloutSummary.Live(this.plan.liveKiosks(), lane.latency("idle"),
						lane.latency("herd"), lane.latency("steady"), lane.latency("rollout"), all.notApplied(),
						all.formatsMissing());
				// the live kiosks' check-ins are in the same event, their attendees under
				// the same prefix: the invariants cover them with the others
				entries.putAll(lane.recorded());
				outcomes.putAll(lane.outcomes());
				statuses.putAll(lane.statuses());
				labels.addAll(lane.printedLabels());
				flushes.addAll(lane.timings());
			}
			Checks checks = new Checks();
			checks.add(Check.that("every kiosk log drained after the rollout", "drained within 3 min",
					drained ? "drained" : "NOT drained", drained));
			checks.add(Check.that("every badge job printed after the rollout", "PRINTED within 3 min",
					printed ? "printed" : "NOT all printed", printed));
			CheckInInvariants.run(this.database, admin, eventId, entries, outcomes, statuses, 0)
				.all()
				.forEach(checks::add);
			if (liveLatency != null) {
				checks.add(Check.that(
						"every live check-in applied (APPLIED, or DUPLICATE on a resend) and its format sent",
						"0 not applied, 0 formats missing",
						liveLatency.notApplied() + " not applied, " + liveLatency.formatsMissing() + " formats missing",
						formats && liveLatency.notApplied() == 0 && liveLatency.formatsMissing() == 0));
			}
			// no printer fails over in a rollout; a label is resent (flagged) only when a
			// kill -9 left it unconfirmed, a graceful drain must leave none
			PrintInvariants.run(checks, this.database, eventId, labels, prefix, 0, this.unconfirmedAtKills.get());
			long serverErrors = flushes.stream()
				.filter((t) -> t.status() >= 500 && !(t.status() == 503 && t.retryAfter()))
				.count();
			long unavailable = flushes.stream().filter((t) -> t.status() == 503 && t.retryAfter()).count();
			checks.add(Check.that("no flush answered 5xx other than 503 with Retry-After", "0 other 5xx",
					serverErrors + " other 5xx (" + unavailable + " 503 with Retry-After)", serverErrors == 0));
			for (RolloutStep step : this.steps) {
				if (!step.ok()) {
					checks.add(Check.that("went as planned: " + step.action() + " " + step.replica(), "ok",
							step.detail(), false));
				}
			}
			long checkIns = entries.values().stream().mapToLong(Map::size).sum();
			double longestDrain = this.steps.stream().mapToDouble(RolloutStep::drainSeconds).max().orElse(0);
			return new RolloutSummary(this.runId, this.plan, checkIns, (System.nanoTime() - started) / 1e9,
					rolloutSeconds, longestDrain, List.copyOf(this.steps),
					Latency.of(this.timings.stream().map(BatchTiming::millis).toList()), checks.all(),
					checks.allPassed(), liveLatency);
		}
	}

	private static void phase(LiveLane lane, String phase) {
		if (lane != null) {
			lane.phase(phase);
		}
	}

	/**
	 * The flush requests of the run.
	 * @return their timings
	 */
	public List<BatchTiming> timings() {
		return this.timings;
	}

	private int backlogSize() {
		return this.plan.kiosks() * this.plan.backlog();
	}

	// each kiosk's outage backlog over the last 10 minutes, 10 % of it for an attendee
	// another kiosk recorded too (some lose by ordering key: STALE)
	private Map<String, List<PlannedEntry>> backlog(List<String> kioskIds, List<String> shuffled, Random random) {
		Map<String, List<PlannedEntry>> backlog = new TreeMap<>();
		OffsetDateTime start = OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(10);
		long step = Duration.ofMinutes(9).toMillis() / Math.max(1, this.plan.backlog());
		List<String> used = new ArrayList<>();
		int next = 0;
		for (String kiosk : kioskIds) {
			List<PlannedEntry> entries = new ArrayList<>();
			for (int j = 0; j < this.plan.backlog(); j++) {
				String attendee = (!used.isEmpty() && random.nextDouble() < 0.1) ? used.get(random.nextInt(used.size()))
						: shuffled.get(next++);
				used.add(attendee);
				OffsetDateTime queued = start.plusNanos(j * step * 1_000_000L);
				entries.add(new PlannedEntry(attendee, queued.minusNanos(120_000_000L), queued));
			}
			backlog.put(kiosk, entries);
		}
		return backlog;
	}

	// one service's rollout: each replica in turn, and the kill -9 of one of them at a
	// seeded place in that order (never while another replica of it is down: Kubernetes
	// rolls one pod at a time, a crash is on top of that)
	private List<Action> sequence(String service, Random random) {
		List<ManagedService> replicas = this.suite.replicas(service);
		List<Action> sequence = new ArrayList<>();
		replicas.forEach((replica) -> sequence.add(new Action(replica, false, 0)));
		int at = random.nextInt(replicas.size() + 1);
		ManagedService victim = replicas.get(random.nextInt(replicas.size()));
		sequence.add(at, new Action(victim, true, random.nextInt(3000)));
		return sequence;
	}

	private void roll(String service, List<Action> sequence) {
		for (Action action : sequence) {
			try {
				if (action.kill()) {
					Thread.sleep(action.delayMillis());
					kill(service, action.replica());
				}
				else {
					restart(service, action.replica());
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
			catch (IOException | RuntimeException ex) {
				this.steps.add(window(service, action.replica().name(), action.kill() ? "kill -9" : "restart",
						System.nanoTime(), System.nanoTime(), 0, false, 0, false, "failed: " + ex.getMessage()));
			}
		}
	}

	private void restart(String service, ManagedService replica) throws IOException, InterruptedException {
		long begin = System.nanoTime();
		// Kubernetes takes the terminating pod out of the Service's endpoints, then
		// sends SIGTERM: the balancer sends it no new work while it drains
		this.suite.takeOutOfRotation(replica);
		long term = System.nanoTime();
		replica.stop(this.plan.grace());
		long exited = System.nanoTime();
		double drain = (exited - term) / 1e9;
		boolean forced = drain >= this.plan.grace().toMillis() / 1000.0 - 0.5;
		replica.restart(START);
		this.suite.putIntoRotation(replica);
		boolean up = awaitUp(replica);
		this.steps
			.add(window(service, replica.name(), "restart", begin, System.nanoTime(), drain, forced, 0, up && !forced,
					String.format("drained in %.1f s%s, new JVM pid %d %s", drain,
							forced ? " (killed at the grace period)" : "", replica.pid(),
							up ? "in rotation" : "NOT in rotation: " + this.suite.rotationStatus(replica))));
	}

	private void kill(String service, ManagedService replica) throws IOException, InterruptedException {
		long begin = System.nanoTime();
		boolean orchestrator = service.equals(SuiteOptions.ORCHESTRATOR);
		String printing = "SELECT count(*) FROM printing.print_jobs WHERE state = 'PRINTING'";
		long deadline = begin + BUSY.toNanos();
		while (System.nanoTime() < deadline
				&& (orchestrator ? this.database.number(printing) == 0 : this.http.inFlight() == 0)) {
			Thread.sleep(5);
		}
		int inFlight = this.http.inFlight();
		long pid = replica.pid();
		replica.kill();
		int cutShort = inFlight;
		if (orchestrator) {
			// counted after the kill: nothing can settle them any more (the other
			// replica's labels in their confirmation are counted too, so the allowance
			// of flagged duplicates is an upper bound)
			cutShort = (int) this.database.number(printing);
			this.unconfirmedAtKills.addAndGet(cutShort);
		}
		// Kubernetes restarts the crashed container; its failing readiness has taken it
		// out of rotation meanwhile
		replica.restart(START);
		boolean up = awaitUp(replica);
		this.steps.add(window(service, replica.name(), "kill -9", begin, System.nanoTime(), 0, false, cutShort, up,
				String.format("pid %d killed with %d %s, new JVM pid %d %s", pid, cutShort,
						orchestrator ? "label(s) unconfirmed" : "flush request(s) in flight", replica.pid(),
						up ? "in rotation" : "NOT in rotation: " + this.suite.rotationStatus(replica))));
	}

	private boolean awaitUp(ManagedService replica) throws IOException, InterruptedException {
		long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
		while (System.nanoTime() < deadline) {
			if ("UP".equals(this.suite.rotationStatus(replica))) {
				return true;
			}
			Thread.sleep(100);
		}
		return false;
	}

	private RolloutStep window(String service, String replica, String action, long from, long to, double drain,
			boolean forced, int cutShort, boolean ok, String detail) {
		List<BatchTiming> in = this.http.timings()
			.stream()
			.filter((t) -> t.startNanos() >= from && t.startNanos() <= to)
			.toList();
		Latency latency = Latency.of(in.stream().map(BatchTiming::millis).toList());
		Map<Integer, Integer> notOk = new TreeMap<>();
		in.stream().filter((t) -> t.status() != 200).forEach((t) -> notOk.merge(t.status(), 1, Integer::sum));
		return new RolloutStep(service, replica, action, (from - this.origin) / 1e9, (to - from) / 1e9, drain, forced,
				cutShort, in.size(), latency.p50(), latency.p99(), notOk, this.watch.longestUnserved(from, to), ok,
				detail);
	}

	private boolean awaitBacklogs(Fleet fleet, Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			if (fleet.statuses().values().stream().allMatch((status) -> status.watermark() >= this.plan.backlog())) {
				return true;
			}
			Thread.sleep(100);
		}
		return false;
	}

	private boolean awaitPrinted(String eventId, Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			long jobs = this.database.number("SELECT count(*) FROM reconciler.badge_jobs WHERE event_id = ?", eventId);
			long printed = this.database
				.number("SELECT count(*) FROM printing.print_jobs WHERE event_id = ? AND state = 'PRINTED'", eventId);
			if (printed == jobs) {
				return true;
			}
			Thread.sleep(500);
		}
		return false;
	}

	/**
	 * One step of a service's rollout.
	 *
	 * @param replica the replica
	 * @param kill whether it is killed ({@code kill -9}) instead of restarted
	 * @param delayMillis for a kill, how long after the step before it it comes
	 */
	private record Action(ManagedService replica, boolean kill, int delayMillis) {
	}

	/**
	 * The live check-ins: every tick each kiosk checks an attendee in with the plan's
	 * probability (15 % of them an attendee already recorded), until closed.
	 */
	private final class LiveCheckIns implements AutoCloseable {

		private final Thread thread;

		private volatile boolean running = true;

		LiveCheckIns(Fleet fleet, List<String> kioskIds, List<String> fresh, Map<String, Map<Long, String>> recorded,
				Random random) {
			double perKioskPerTick = RolloutDrill.this.plan.checkInsPerSecond() * TICK.toMillis() / 1000.0
					/ kioskIds.size();
			this.thread = Thread.ofPlatform().name("rollout-check-ins").start(() -> {
				List<String> used = new ArrayList<>();
				int next = 0;
				long begin = System.nanoTime();
				for (long tick = 0; this.running; tick++) {
					for (String kiosk : kioskIds) {
						if (random.nextDouble() < perKioskPerTick) {
							String attendee = (!used.isEmpty() && random.nextDouble() < 0.15)
									? used.get(random.nextInt(used.size())) : fresh.get(next++ % fresh.size());
							used.add(attendee);
							CheckInReceipt receipt = fleet.agent(kiosk).checkIn(attendee);
							recorded.get(kiosk).put(receipt.seq(), attendee);
						}
					}
					long wait = begin + (tick + 1) * TICK.toNanos() - System.nanoTime();
					if (wait > 0) {
						try {
							Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
						}
						catch (InterruptedException ex) {
							Thread.currentThread().interrupt();
							return;
						}
					}
				}
			});
		}

		@Override
		public void close() throws InterruptedException {
			this.running = false;
			this.thread.join(30_000);
		}

	}

}
