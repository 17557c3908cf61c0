package io.eventops.drills.herd;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.eventops.agent.AgentStatus;
import io.eventops.agent.backoff.BackoffPolicy;
import io.eventops.agent.cache.CachedPolicy;
import io.eventops.drills.baseline.BaselineResult;
import io.eventops.drills.baseline.NaiveBaseline;
import io.eventops.drills.baseline.RawBaseline;
import io.eventops.drills.check.Checks;
import io.eventops.drills.check.CheckInInvariants;
import io.eventops.drills.fleet.BatchTiming;
import io.eventops.drills.fleet.DrillHttpClient;
import io.eventops.drills.fleet.Fleet;
import io.eventops.drills.fleet.FlushResult;
import io.eventops.drills.fleet.LowPriority;
import io.eventops.drills.fleet.KioskFaults;
import io.eventops.drills.fleet.PlannedEntry;
import io.eventops.drills.profile.CpuAccounting;
import io.eventops.drills.profile.SlowStatements;
import io.eventops.drills.profile.TimerDelta;
import io.eventops.drills.stack.DrillStack;
import io.eventops.drills.report.Latency;
import io.eventops.drills.report.Progress;
import io.eventops.drills.stack.AdminApi;
import io.eventops.drills.stack.Database;
import io.eventops.localstack.RunningSuite;

/**
 * Runs one herd on a running suite: generates the data, records every kiosk's backlog (in
 * parallel, before the clock), measures the raw and naive baselines on the same entries,
 * lets every kiosk flush at once through the edge, then checks the invariants.
 */
public final class HerdDrill {

	private static final Duration MAX_FLUSH = Duration.ofMinutes(10);

	private static final int RAW_RUNS = 3;

	// a warm-up round whose JIT compiling is under this share of the services' CPU is
	// the last one
	private static final double WARM_JIT_SHARE = 0.05;

	private final RunningSuite suite;

	private final HerdPlan plan;

	private final Path workDir;

	private final String runId;

	private Instant flushStarted;

	private Instant flushEnded;

	private List<BatchTiming> timings = List.of();

	private final Warmup warm;

	private final List<String> warmupLog = new ArrayList<>();

	private final Progress progress = Progress.onStdout();

	// the herd's kiosks' thread (nice 19 where it can be), for the length of run()
	private LowPriority lowPriority;

	private final Live liveLane;

	// after the measured herd, the same herd without live kiosks, for the drain's ratio
	// (issue #39); only with live kiosks
	private boolean drainWithoutLive = true;

	// the herd's kiosks in a low-weight cgroup where one can be written, else nice 19
	// (LowPriority); off unless asked (the herd command asks by default): a v1 group, or
	// one under the root, weighs against every session on the machine, not only the
	// services
	private boolean kioskCgroup;

	// the live kiosks' own JVM (issue #39), while it runs
	private LiveLaneProcess liveProcess;

	// the herd under the access-control policy of HerdPolicy (--policy, issue #35)
	private final boolean underPolicy;

	// the main hall's capacity under the policy (--hall-capacity, issue #36), 0 for none
	private final int hallCapacity;

	// refused scans at the kiosks and admissions the server flagged, under the policy
	private long refusedAtKiosks;

	private long admittedAgainstRules;

	// admission allowances taken or renewed by the measured herd's kiosks (issue #36)
	private long allowancesTaken;

	HerdDrill(RunningSuite suite, HerdPlan plan, Path workDir, String runId, Warmup warm, Live live) {
		this(suite, plan, workDir, runId, warm, live, false, 0);
	}

	private HerdDrill(RunningSuite suite, HerdPlan plan, Path workDir, String runId, Warmup warm, Live live,
			boolean underPolicy, int hallCapacity) {
		this.underPolicy = underPolicy;
		this.hallCapacity = hallCapacity;
		this.liveLane = live;
		this.suite = suite;
		this.plan = plan;
		this.workDir = workDir;
		this.runId = runId;
		this.warm = warm;
	}

	/**
	 * A herd with the given shape and the defaults for the rest (10 % overlap, 5 % lost
	 * acks, 3 stale replays, batches of 100, 4 baseline connections), after a warm-up of
	 * one online round in batches of 5 and one outage round, of two kiosks each (their
	 * badges print on the same printers as everything after them), and a live lane of two
	 * kiosks, 4 s on the idle suite and then beside the herd.
	 * @param suite the suite
	 * @param kiosks kiosks
	 * @param entries entries per kiosk
	 * @param attendees registry size
	 * @param workDir where the kiosk logs go
	 * @param runId a short lowercase id
	 * @return the drill
	 */
	public static HerdDrill of(RunningSuite suite, int kiosks, int entries, int attendees, Path workDir, String runId) {
		return new HerdDrill(suite, new HerdPlan(kiosks, entries, attendees, 0.1, 0.05, 3, 100, 4, 42), workDir, runId,
				new Warmup(Math.min(kiosks, 2), 1, 1, 5), new Live(2, Duration.ofSeconds(4)));
	}

	/**
	 * This drill without live kiosks beside the herd: for drills that prove invariants on
	 * a replicated suite whose replicas come and go, where the live lane's latencies mean
	 * nothing.
	 * @return the drill without live kiosks
	 */
	public HerdDrill withoutLiveKiosks() {
		return new HerdDrill(this.suite, this.plan, this.workDir, this.runId, this.warm,
				new Live(0, this.liveLane.idle()), this.underPolicy, this.hallCapacity);
	}

	/**
	 * This drill under an access-control policy of three areas and a CEL rule
	 * ({@link HerdPolicy}): the kiosks, one area each, decide every scan offline at
	 * capture time, and the reconciler judges every admission again with the venue-wide
	 * history (issue #35, invariant 12). Back to back with the same herd without it, it
	 * measures what the policy costs per entry.
	 * @return the drill under the policy
	 */
	public HerdDrill withPolicy() {
		return withPolicy(0);
	}

	/**
	 * This drill under the policy of {@link #withPolicy()} with a capacity on its main
	 * hall (issue #36, invariant 14): the hall's kiosks take an admission allowance
	 * before the outage and renew it after the flush that drained them, inside the flush
	 * window, as kiosk agents do. A capacity far above the hall's admissions refuses
	 * nobody, so that back to back with {@link #withPolicy()} the herd measures what the
	 * escrow costs.
	 * @param hallCapacity the main hall's capacity, or 0 for none
	 * @return the drill under the policy
	 */
	public HerdDrill withPolicy(int hallCapacity) {
		if (hallCapacity < 0) {
			throw new IllegalArgumentException("a hall capacity is 0 (none) or more");
		}
		// the live lane's kiosks check in as without a policy (no area), which an event
		// with one flags as against its rules and prints no badge for: no live lane
		return new HerdDrill(this.suite, this.plan, this.workDir, this.runId, this.warm,
				new Live(0, this.liveLane.idle()), true, hallCapacity);
	}

	/**
	 * Whether, after the measured herd with live kiosks, the same herd runs once more
	 * without them (a data set and an event of its own, unmeasured but for its drain), so
	 * that {@code drainWithLiveOverWithout} says what the live lane costs the herd's
	 * drain (issue #39: at most 10 % longer). On by default; without live kiosks it never
	 * runs.
	 * @param on whether to
	 * @return this drill
	 */
	public HerdDrill drainWithoutLive(boolean on) {
		this.drainWithoutLive = on;
		return this;
	}

	/**
	 * Whether the herd's kiosks go into a cgroup of their own with a low CPU weight where
	 * one can be written ({@code CpuGroup}), rather than to nice 19. A cgroup v1 group
	 * (or a v2 group under the root) is a sibling of every other session's processes, so
	 * on a machine shared with other sessions the kiosks yield to them too, not only to
	 * the services: measured 2026-12-04 at a load average of 16 to 20 from other
	 * sessions, the herd's kiosk thread got 0.2 s of CPU in 10 s and opening the
	 * warm-up's 200 kiosks stalled. Within the drill's session, nice 19 weighs against
	 * the services alone.
	 * @param on whether to
	 * @return this drill
	 */
	public HerdDrill kioskCgroup(boolean on) {
		this.kioskCgroup = on;
		return this;
	}

	/**
	 * The main hall's capacity under the policy, 0 for none.
	 * @return the capacity
	 */
	public int hallCapacity() {
		return this.hallCapacity;
	}

	/**
	 * Admission allowances the measured herd's kiosks took or renewed, 0 without a hall
	 * capacity.
	 * @return how many
	 */
	public long allowancesTaken() {
		return this.allowancesTaken;
	}

	/**
	 * Scans the kiosks refused under the policy ({@link #withPolicy}), 0 without one.
	 * @return refused scans
	 */
	public long refusedAtKiosks() {
		return this.refusedAtKiosks;
	}

	/**
	 * Admissions the reconciler flagged {@code ADMITTED_AGAINST_RULES} after the herd, 0
	 * without a policy.
	 * @return flagged admissions
	 */
	public long admittedAgainstRules() {
		return this.admittedAgainstRules;
	}

	/**
	 * Runs the herd.
	 * @return the summary (without profile)
	 * @throws Exception when the suite fails
	 */
	public HerdSummary run() throws Exception {
		this.lowPriority = LowPriority.start(this.kioskCgroup);
		log("the herd's kiosks run at %s", this.lowPriority.how());
		try {
			return measure();
		}
		finally {
			closeLiveLane();
			this.lowPriority.close();
		}
	}

	private HerdSummary measure() throws Exception {
		AdminApi admin = AdminApi.of(this.suite);
		Database database = new Database(this.suite);
		int threads = Math.max(4, Runtime.getRuntime().availableProcessors() * 4);
		BackoffPolicy backoff = new BackoffPolicy(Duration.ofMillis(100), Duration.ofSeconds(2), 0.2,
				Duration.ofSeconds(5));
		warmUp(admin, threads, backoff);
		HerdData data = HerdData.generate(this.plan, this.runId, OffsetDateTime.now());
		log("registry: %d attendees of event %s", data.attendeeIds().size(), data.eventId());
		admin.importAttendees(data.eventId(), data.attendeeIds());
		CachedPolicy policy = null;
		Map<String, String> tokens;
		java.util.Set<String> badgeAttendees = null;
		if (this.underPolicy) {
			String json = HerdPolicy.json(OffsetDateTime.now(), this.hallCapacity);
			policy = new CachedPolicy(admin.putPolicy(data.eventId(), json), json);
			Map<String, String> areas = HerdPolicy.areasOf(List.copyOf(data.entries().keySet()));
			tokens = admin.provisionKiosksInAreas(data.eventId(), areas);
			badgeAttendees = new java.util.HashSet<>();
			for (Map.Entry<String, List<PlannedEntry>> kiosk : data.entries().entrySet()) {
				if (HerdPolicy.BADGE_AREA.equals(areas.get(kiosk.getKey()))) {
					for (PlannedEntry entry : kiosk.getValue()) {
						badgeAttendees.add(entry.attendeeId());
					}
				}
			}
			log("policy v%d: areas %s, kiosks one area each in turn", policy.version(), HerdPolicy.AREAS);
		}
		else {
			tokens = admin.provisionKiosks(data.eventId(), List.copyOf(data.entries().keySet()));
		}
		DrillHttpClient http = new DrillHttpClient(admin.http(), this.plan.seed());
		// opened and flushed from the low-priority thread: every thread of the herd's
		// kiosks inherits its nice value (issue #39)
		try (Fleet fleet = this.lowPriority
			.call(() -> Fleet.open(new Fleet.FleetSettings(this.suite.edgeUrl(), this.suite.caFile(), this.workDir,
					this.plan.batchSize(), backoff, this.plan.seed()), tokens, http, threads))) {
			long prepared = System.nanoTime();
			if (policy != null) {
				this.refusedAtKiosks = fleet.recordUnderPolicy(data.entries(), threads, policy, this.hallCapacity > 0)
					.values()
					.stream()
					.mapToLong(java.util.Set::size)
					.sum();
				log("kiosks decided offline under the policy: %d scans refused (REFUSED entries, audit only)",
						this.refusedAtKiosks);
			}
			else {
				fleet.record(data.entries(), threads);
			}
			log("recorded %d entries on %d kiosks in %d ms (before the clock)", this.plan.totalEntries(),
					this.plan.kiosks(), (System.nanoTime() - prepared) / 1_000_000);
			if (this.warm.kiosks() > 0) {
				// once unmeasured, so that the raw path runs compiled code too
				RawBaseline.run(database, data.eventId(), data.attendeeIds(), data.baselineEntries(),
						this.plan.batchSize(), this.plan.baselineThreads());
			}
			// single raw runs moved by up to a third on the same machine: the ratio is
			// taken to the median of several
			List<BaselineResult> raws = new ArrayList<>();
			// the raw path's CPU per entry (its client, this JVM, and PostgreSQL) over
			// the
			// measured runs: the yardstick of serverCpuOverRaw (issue #39)
			Map<Long, String> rawMeasured = processes();
			String drillJvm = rawMeasured.get(ProcessHandle.current().pid());
			// the raw path's statements, to set beside the herd's (issue #39)
			boolean rawStatements = SlowStatements.reset(database);
			Map<String, Double> rawCpuBefore = CpuAccounting.snapshot(rawMeasured);
			for (int run = 0; run < RAW_RUNS; run++) {
				raws.add(RawBaseline.run(database, data.eventId(), data.attendeeIds(), data.baselineEntries(),
						this.plan.batchSize(), this.plan.baselineThreads()));
			}
			Map<String, Double> rawCpu = CpuAccounting.delta(rawCpuBefore, CpuAccounting.snapshot(rawMeasured));
			if (rawStatements) {
				SlowStatements.dump(database, this.workDir.resolve("pg-statements-raw.tsv"));
			}
			double rawCpuMicros = HerdSummary.cpuMicrosPerEntry(rawCpu,
					(group) -> group.equals(drillJvm) || group.equals("postgresql"),
					raws.stream().mapToLong(BaselineResult::entries).sum());
			List<Double> rawRuns = raws.stream().map(BaselineResult::entriesPerSecond).toList();
			raws.sort(Comparator.comparingDouble(BaselineResult::entriesPerSecond));
			BaselineResult raw = raws.get(raws.size() / 2);
			log("raw baseline: %.0f entries/s (median of %s)", raw.entriesPerSecond(), rates(rawRuns));
			BaselineResult naive = NaiveBaseline.run(database, this.suite.redisPort(), data.eventId(),
					data.attendeeIds(), data.baselineEntries(), this.plan.baselineThreads(),
					"drills:naive:" + this.runId + ":");
			log("naive baseline: %.0f entries/s", naive.entriesPerSecond());

			LiveLaneProcess live = null;
			if (this.liveLane.kiosks() > 0) {
				// in a JVM of their own at normal priority: they measure latency (issue
				// #39)
				live = LiveLaneProcess.open(this.suite, admin, data.eventId(), "h" + this.runId + "-",
						this.liveLane.kiosks(), this.workDir.resolve("live"), backoff, this.plan.seed() + 7);
				this.liveProcess = live;
				log("live kiosks: %d in a JVM of their own (pid %d, normal priority)", this.liveLane.kiosks(),
						live.pid());
				// the idle suite: the live kiosks alone (the warm-ups' labels still
				// print)
				live.start("idle");
				this.progress.phase("live kiosks on the idle suite", 0);
				LiveLaneProcess idle = live;
				this.progress.follow(idle::checkIns);
				Thread.sleep(this.liveLane.idle().toMillis());
				live.stop();
				this.progress.done(live.checkIns());
			}
			String reconBefore = admin.prometheus(this.suite.reconManagementUrl());
			String edgeBefore = admin.prometheus(this.suite.edgeManagementUrl());
			http.clearTimings();
			http.faults(new KioskFaults(this.plan.replayFraction(), 0, 0));
			Map<Long, String> processes = processes();
			boolean statements = SlowStatements.reset(database);
			Map<String, Double> cpuBefore = CpuAccounting.snapshot(processes);
			Map<String, Double> jitBefore = CpuAccounting.jit(processes);
			this.progress.phase("herd", this.plan.totalEntries());
			this.progress.follow(fleet::drainedEntries);
			if (live != null) {
				live.start("herd");
			}
			this.flushStarted = Instant.now();
			FlushResult flush = this.lowPriority.call(() -> fleet.flushAllAtOnce(MAX_FLUSH, this.hallCapacity > 0));
			this.flushEnded = Instant.now();
			if (live != null) {
				live.stop();
			}
			this.progress.done(fleet.drainedEntries());
			this.allowancesTaken = fleet.allowancesTaken();
			if (this.hallCapacity > 0) {
				log("main hall capacity %d: %d admission allowances taken or renewed (before the outage and after"
						+ " each hall kiosk drained, in the window)", this.hallCapacity, fleet.allowancesTaken());
			}
			Map<String, Double> cpu = CpuAccounting.delta(cpuBefore, CpuAccounting.snapshot(processes));
			Map<String, Double> jit = CpuAccounting.delta(jitBefore, CpuAccounting.jit(processes));
			List<SlowStatements.Row> slowest = statements ? SlowStatements.top(database, 12) : List.of();
			if (statements) {
				SlowStatements.dump(database, this.workDir.resolve("pg-statements-herd.tsv"));
			}
			http.faults(KioskFaults.NONE);
			this.timings = http.timings();
			List<TimerDelta> timers = List.of(
					TimerDelta.between("eventops_edge_batch_seconds", edgeBefore,
							admin.prometheus(this.suite.edgeManagementUrl())),
					TimerDelta.between("eventops_reconcile_batch_seconds", reconBefore,
							admin.prometheus(this.suite.reconManagementUrl())));
			double seconds = flush.wallNanos() / 1e9;
			double rate = this.plan.totalEntries() / seconds;
			Latency latency = Latency.of(this.timings.stream().map(BatchTiming::millis).toList());
			log("herd: %d entries in %.2f s = %.0f entries/s; batch p50 %.0f p95 %.0f p99 %.0f max %.0f ms; %d undrained",
					this.plan.totalEntries(), seconds, rate, latency.p50(), latency.p95(), latency.p99(), latency.max(),
					flush.undrained());

			Map<String, AgentStatus> statuses = new LinkedHashMap<>(fleet.statuses());
			Map<String, Map<Long, String>> outcomes = new TreeMap<>(fleet.outcomes(threads));
			Map<String, Long> counts = new TreeMap<>();
			outcomes.values().forEach((bySeq) -> bySeq.values().forEach((o) -> counts.merge(o, 1L, Long::sum)));
			Map<String, Map<Long, String>> recorded = new TreeMap<>(data.recorded());
			LiveLane.LiveLatency liveLatency = null;
			boolean formats = true;
			if (live != null) {
				formats = live.finish(Duration.ofSeconds(60));
				liveLatency = live.latency();
				log("live kiosks: %d check-ins during the herd, APPLIED p50 %.0f p99 %.0f ms, format sent p50 %.0f"
						+ " p99 %.0f ms; %d on the idle suite, APPLIED p50 %.0f p99 %.0f ms, format sent p50 %.0f"
						+ " p99 %.0f ms", liveLatency.checkIns(), liveLatency.p50Ms(), liveLatency.p99Ms(),
						liveLatency.toFormatSentP50Ms(), liveLatency.toFormatSentP99Ms(), liveLatency.idleCheckIns(),
						liveLatency.idleP50Ms(), liveLatency.idleP99Ms(), liveLatency.idleToFormatSentP50Ms(),
						liveLatency.idleToFormatSentP99Ms());
				// the live kiosks' check-ins are in the same event: the invariants cover
				// them with the herd's
				statuses.putAll(live.statuses());
				outcomes.putAll(live.outcomes());
				recorded.putAll(live.recorded());
			}
			// under the policy a kiosk captures each scan when it decides it (its planned
			// queue time), so no entry is a stale replay
			Checks checks = CheckInInvariants.run(database, admin, data.eventId(), recorded, outcomes, statuses,
					this.underPolicy ? 0 : this.plan.stale(), badgeAttendees);
			if (this.underPolicy) {
				this.admittedAgainstRules = database.number(
						"SELECT count(*) FROM reconciler.movements WHERE event_id = ? AND against_rules",
						data.eventId());
				log("server judged again: %d admissions flagged ADMITTED_AGAINST_RULES", this.admittedAgainstRules);
			}
			if (live != null) {
				checks.add(io.eventops.drills.check.Check.that(
						"every live check-in applied (APPLIED, or DUPLICATE on a resend) and its format sent",
						"0 not applied, 0 formats missing",
						liveLatency.notApplied() + " not applied, " + liveLatency.formatsMissing() + " formats missing",
						formats && liveLatency.notApplied() == 0 && liveLatency.formatsMissing() == 0));
				closeLiveLane();
			}
			double ofRawLimit = rate / raw.entriesPerSecond();
			double floor = HerdSummary.p99FloorSeconds(this.plan, raw.entriesPerSecond());
			// the server: every group but the kiosks' JVMs (the herd's, the live lane's)
			// and other processes
			String liveJvm = processes.get((live != null) ? live.pid() : -1L);
			double serverCpuMicros = HerdSummary.cpuMicrosPerEntry(cpu,
					(group) -> !group.equals(drillJvm) && !group.equals(liveJvm) && !group.equals("other"),
					this.plan.totalEntries());
			double serverCpuOverRaw = serverCpuMicros / rawCpuMicros;
			log("CPU per entry: the server side %.0f µs in the flush window, the raw path %.0f µs (its client and"
					+ " PostgreSQL): serverCpuOverRaw %.2f (goal <= %.2f, stretch 1.25)", serverCpuMicros, rawCpuMicros,
					serverCpuOverRaw, Target.SERVER_CPU_OVER_RAW);
			double withoutLive = Double.NaN;
			if (live != null && this.drainWithoutLive) {
				withoutLive = drainWithoutLiveKiosks(admin, threads, backoff);
				log("the same herd without live kiosks: drained in %.2f s against %.2f s with them:"
						+ " drainWithLiveOverWithout %.3f (goal <= %.2f)", withoutLive, seconds, seconds / withoutLive,
						Target.DRAIN_WITH_LIVE_OVER_WITHOUT);
			}
			List<Target> targets = Target.evaluate(ofRawLimit, serverCpuOverRaw, liveLatency, seconds / withoutLive);
			return new HerdSummary(this.runId, this.plan, data.distinctAttendees(), data.attendeesAtSeveralKiosks(),
					this.plan.totalEntries(), seconds, rate, this.timings.size(), latency, http.injected(), counts, raw,
					rawRuns, naive, ofRawLimit, rate / naive.entriesPerSecond(), floor, timers, cpu, jit,
					new ArrayList<>(), checks.all(), checks.allPassed(), List.of(), slowest, ofRawLimit, rawCpuMicros,
					serverCpuMicros, serverCpuOverRaw, this.lowPriority.how(), liveLatency, targets,
					targets.stream().allMatch(Target::met), withoutLive, seconds / withoutLive);
		}
	}

	private void closeLiveLane() {
		if (this.liveProcess != null) {
			this.liveProcess.close();
			this.liveProcess = null;
		}
	}

	// The measured herd's shape and mix again (its own data set, seed and event), right
	// after it, with no live kiosks beside it: only its drain is timed. It runs second,
	// so on services as warm and a database a herd larger; the invariants are checked on
	// the measured herd alone.
	private double drainWithoutLiveKiosks(AdminApi admin, int threads, BackoffPolicy backoff) throws Exception {
		HerdPlan same = new HerdPlan(this.plan.kiosks(), this.plan.entries(), this.plan.attendees(),
				this.plan.overlap(), this.plan.replayFraction(), this.plan.stale(), this.plan.batchSize(),
				this.plan.baselineThreads(), this.plan.seed() + 1000);
		HerdData data = HerdData.generate(same, this.runId + "n", OffsetDateTime.now());
		admin.importAttendees(data.eventId(), data.attendeeIds());
		Map<String, String> tokens = admin.provisionKiosks(data.eventId(), List.copyOf(data.entries().keySet()));
		DrillHttpClient http = new DrillHttpClient(admin.http(), same.seed());
		java.nio.file.Path directory = java.nio.file.Files.createDirectories(this.workDir.resolve("without-live"));
		try (Fleet fleet = this.lowPriority.call(() -> Fleet.open(new Fleet.FleetSettings(this.suite.edgeUrl(),
				this.suite.caFile(), directory, same.batchSize(), backoff, same.seed()), tokens, http, threads))) {
			fleet.record(data.entries(), threads);
			http.faults(new KioskFaults(same.replayFraction(), 0, 0));
			this.progress.phase("the same herd without live kiosks", same.totalEntries());
			this.progress.follow(fleet::drainedEntries);
			FlushResult flush = this.lowPriority.call(() -> fleet.flushAllAtOnce(MAX_FLUSH, false));
			this.progress.done(fleet.drainedEntries());
			if (flush.undrained() > 0) {
				throw new IllegalStateException("the herd without live kiosks left " + flush.undrained()
						+ " kiosks undrained after " + MAX_FLUSH.toMinutes() + " minutes");
			}
			return flush.wallNanos() / 1e9;
		}
	}

	static String rates(List<Double> rates) {
		return String.join(", ", rates.stream().map((rate) -> String.format("%.0f", rate)).toList());
	}

	private Map<Long, String> processes() {
		Map<Long, String> named = new LinkedHashMap<>();
		named.put(ProcessHandle.current().pid(),
				"drills JVM (" + this.plan.kiosks() + " kiosk agents with TLS, virtual printers)");
		if (this.liveProcess != null) {
			named.put(this.liveProcess.pid(),
					"live kiosks JVM (" + this.liveLane.kiosks() + " kiosk agents, their virtual printers)");
		}
		named.putAll(services());
		return named;
	}

	private Map<Long, String> services() {
		Map<Long, String> services = new LinkedHashMap<>();
		for (String service : DrillStack.services()) {
			services.put(this.suite.service(service).pid(), service);
		}
		return services;
	}

	// A venue's services have run all day when the network comes back: their code is
	// compiled. First a day's online traffic: rounds in which every kiosk flushes a few
	// entries per request (10 000 requests a round by default), so that the code run once
	// per request (TLS, Tomcat, security, the hop's HTTP client) reaches C2; a tier-3
	// method needs thousands of calls for that, and the earlier warm-up of herds alone
	// made about 250 a round. Then earlier outages' drains, unmeasured herds with the
	// measured one's batch size and mix of overlap, lost answers and stale replays (their
	// large bodies take paths small ones never do), until the JIT compiler threads use
	// under WARM_JIT_SHARE of the services' CPU in a round or the rounds run out. So the
	// measured herd times the code rather than the JIT compiling it. Every round is on an
	// event of its own.
	private void warmUp(AdminApi admin, int threads, BackoffPolicy backoff) throws Exception {
		if (this.warm.kiosks() <= 0) {
			return;
		}
		int round = 0;
		for (int online = 1; online <= this.warm.onlineRounds(); online++) {
			warmUpRound(admin, threads, backoff, ++round, this.warm.onlineBatch());
		}
		for (int outage = 1; outage <= this.warm.rounds(); outage++) {
			if (warmUpRound(admin, threads, backoff, ++round, this.plan.batchSize()) < WARM_JIT_SHARE) {
				return;
			}
		}
	}

	// One warm-up herd, measured only for the JIT's share of the services' CPU in it.
	private double warmUpRound(AdminApi admin, int threads, BackoffPolicy backoff, int round, int batchSize)
			throws Exception {
		Map<Long, String> services = services();
		Map<String, Double> cpuBefore = CpuAccounting.snapshot(services);
		Map<String, Double> jitBefore = CpuAccounting.jit(services);
		long started = System.nanoTime();
		flushWarmUpHerd(admin, threads, backoff, round, batchSize);
		double cpu = sum(CpuAccounting.delta(cpuBefore, CpuAccounting.snapshot(services)), services);
		double jit = sum(CpuAccounting.delta(jitBefore, CpuAccounting.jit(services)), services);
		double share = jit / Math.max(cpu, 1e-9);
		log("warm-up round %d: %d kiosks x %d entries in batches of %d in %d ms (not measured); the services' JIT"
				+ " compiled for %.1f of their %.1f CPU seconds (%.0f %%)", round, this.warm.kiosks(),
				this.plan.entries(), batchSize, (System.nanoTime() - started) / 1_000_000, jit, cpu, 100 * share);
		this.warmupLog.add(String.format("round %d (batches of %d): JIT %.1f of %.1f s (%.0f %%)", round, batchSize,
				jit, cpu, 100 * share));
		return share;
	}

	private static double sum(Map<String, Double> seconds, Map<Long, String> services) {
		return services.values().stream().mapToDouble((name) -> seconds.getOrDefault(name, 0.0)).sum();
	}

	private void flushWarmUpHerd(AdminApi admin, int threads, BackoffPolicy backoff, int round, int batchSize)
			throws Exception {
		HerdPlan warm = new HerdPlan(this.warm.kiosks(), this.plan.entries(),
				Math.max(1000, this.warm.kiosks() * this.plan.entries() * 3 / 5), this.plan.overlap(),
				this.plan.replayFraction(), Math.min(this.plan.stale(), this.warm.kiosks()), batchSize,
				this.plan.baselineThreads(), this.plan.seed() + round);
		HerdData data = HerdData.generate(warm, this.runId + "w" + round, OffsetDateTime.now());
		admin.importAttendees(data.eventId(), data.attendeeIds());
		// under the policy the warm-up takes the policy's path too, so that the measured
		// herd runs compiled code on both sides of the comparison
		CachedPolicy policy = null;
		Map<String, String> tokens;
		if (this.underPolicy) {
			String json = HerdPolicy.json(OffsetDateTime.now(), this.hallCapacity);
			policy = new CachedPolicy(admin.putPolicy(data.eventId(), json), json);
			tokens = admin.provisionKiosksInAreas(data.eventId(),
					HerdPolicy.areasOf(List.copyOf(data.entries().keySet())));
		}
		else {
			tokens = admin.provisionKiosks(data.eventId(), List.copyOf(data.entries().keySet()));
		}
		DrillHttpClient http = new DrillHttpClient(admin.http(), warm.seed());
		java.nio.file.Path directory = java.nio.file.Files.createDirectories(this.workDir.resolve("warm-up-" + round));
		try (Fleet fleet = this.lowPriority.call(() -> Fleet.open(new Fleet.FleetSettings(this.suite.edgeUrl(),
				this.suite.caFile(), directory, warm.batchSize(), backoff, warm.seed()), tokens, http, threads))) {
			if (policy != null) {
				fleet.recordUnderPolicy(data.entries(), threads, policy, this.hallCapacity > 0);
			}
			else {
				fleet.record(data.entries(), threads);
			}
			http.faults(new KioskFaults(warm.replayFraction(), 0, 0));
			scrapeMetrics(admin);
			this.progress.phase("warm-up round " + round, warm.totalEntries());
			// answers as they arrive: a round of online traffic drains each kiosk only at
			// its end (issue #39)
			this.progress.follow(fleet::acknowledgedEntries);
			FlushResult flush = this.lowPriority.call(() -> fleet.flushAllAtOnce(MAX_FLUSH, this.hallCapacity > 0));
			this.progress.done(fleet.acknowledgedEntries());
			scrapeMetrics(admin);
			if (flush.undrained() > 0) {
				log("warm-up round %d: %d kiosks undrained", round, flush.undrained());
			}
		}
	}

	// What Prometheus does all day at a venue, and what the measured herd does around its
	// flush. Without it in the warm-up, the services' C2 code, compiled for flushes only,
	// hit uncommon traps in Tomcat and Spring MVC at the measured herd's first scrape
	// (122 in the edge within 130 ms) and was compiled again inside the flush window.
	private void scrapeMetrics(AdminApi admin) {
		admin.prometheus(this.suite.reconManagementUrl());
		admin.prometheus(this.suite.edgeManagementUrl());
	}

	/**
	 * The unmeasured warm-up herds before the measured one.
	 *
	 * @param kiosks kiosks of each (0: none)
	 * @param rounds at most this many herds with the measured batch size
	 * @param onlineRounds before them, this many rounds of online traffic
	 * @param onlineBatch entries per flush request in those
	 */
	record Warmup(int kiosks, int rounds, int onlineRounds, int onlineBatch) {
	}

	/**
	 * The live lane beside the herd.
	 *
	 * @param kiosks online kiosks checking one attendee in about every 2 s (0: none)
	 * @param idle how long they run on the idle suite before the herd
	 */
	record Live(int kiosks, Duration idle) {
	}

	/**
	 * The warm-up rounds that ran, each with its batch size and its JIT share.
	 * @return one line per round
	 */
	public List<String> warmup() {
		return List.copyOf(this.warmupLog);
	}

	Instant flushStarted() {
		return this.flushStarted;
	}

	Instant flushEnded() {
		return this.flushEnded;
	}

	public List<BatchTiming> timings() {
		return this.timings;
	}

	private static void log(String format, Object... args) {
		System.out.printf("[herd] " + format + "%n", args);
	}

}
