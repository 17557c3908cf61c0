package io.eventops.drills.chaos;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import io.eventops.agent.CheckInReceipt;
import io.eventops.agent.backoff.BackoffPolicy;
import io.eventops.drills.report.Progress;
import io.eventops.drills.check.Check;
import io.eventops.drills.check.CheckInInvariants;
import io.eventops.drills.check.Checks;
import io.eventops.drills.fleet.BatchTiming;
import io.eventops.drills.fleet.DrillHttpClient;
import io.eventops.drills.fleet.Fleet;
import io.eventops.drills.fleet.KioskFaults;
import io.eventops.drills.report.Latency;
import io.eventops.drills.stack.AdminApi;
import io.eventops.drills.stack.Database;
import io.eventops.localstack.RunningSuite;
import io.eventops.printer.virtual.PrintedLabel;
import io.eventops.printer.virtual.VirtualPrinter;

/**
 * Runs the seeded fault scenario on a running suite: kiosks check attendees in while
 * their networks drop and return, batches are lost, duplicated and reordered on the way,
 * and the suite-side faults fire on schedule; then every kiosk drains, every badge
 * prints, and the invariants are checked.
 */
public final class ChaosDrill {

	private static final Duration TICK = Duration.ofMillis(100);

	private final RunningSuite suite;

	private final ChaosPlan plan;

	private final Path workDir;

	private final String runId;

	// the kiosks admit into areas and record exits under the herd's policy (--policy)
	private final boolean underPolicy;

	private List<BatchTiming> timings = List.of();

	/**
	 * A drill.
	 * @param suite the suite
	 * @param plan the scenario
	 * @param workDir where the kiosk logs go
	 * @param runId a short lowercase id
	 */
	public ChaosDrill(RunningSuite suite, ChaosPlan plan, Path workDir, String runId) {
		this(suite, plan, workDir, runId, false);
	}

	private ChaosDrill(RunningSuite suite, ChaosPlan plan, Path workDir, String runId, boolean underPolicy) {
		this.suite = suite;
		this.plan = plan;
		this.workDir = workDir;
		this.runId = runId;
		this.underPolicy = underPolicy;
	}

	/**
	 * This drill under the herd's access-control policy of three areas
	 * ({@link io.eventops.drills.herd.HerdPolicy}, issue #36): every kiosk serves one
	 * area, entries and exits; it decides each scan with the edge when it answers in
	 * time, else from its cache, through the same faults; and the invariants add the
	 * occupancy of every area, served against the movements recounted.
	 * @return the drill under the policy
	 */
	public ChaosDrill withPolicy() {
		return new ChaosDrill(this.suite, this.plan, this.workDir, this.runId, true);
	}

	/**
	 * Runs the scenario.
	 * @return the summary
	 * @throws Exception when the drill itself fails
	 */
	public ChaosSummary run() throws Exception {
		long started = System.nanoTime();
		AdminApi admin = AdminApi.of(this.suite);
		Database database = new Database(this.suite);
		Random random = new Random(this.plan.seed());
		String eventId = "chaos-" + this.runId;
		String prefix = "c" + this.runId + "-";
		List<String> attendees = new ArrayList<>();
		for (int i = 1; i <= this.plan.attendees(); i++) {
			attendees.add(String.format("%sa%05d", prefix, i));
		}
		admin.importAttendees(eventId, attendees);
		List<String> kioskIds = new ArrayList<>();
		for (int k = 1; k <= this.plan.kiosks(); k++) {
			kioskIds.add(String.format("%sk%02d", prefix, k));
		}
		PolicyDoors doors = this.underPolicy ? PolicyDoors.install(admin, eventId, kioskIds, this.plan.seed() + 1)
				: null;
		Map<String, String> tokens = (doors != null) ? doors.provision(admin, eventId)
				: admin.provisionKiosks(eventId, kioskIds);
		DrillHttpClient http = new DrillHttpClient(admin.http(), this.plan.seed());
		BackoffPolicy backoff = new BackoffPolicy(Duration.ofMillis(100), Duration.ofSeconds(1), 0.2,
				Duration.ofSeconds(3));
		Map<String, Map<Long, String>> recorded = new TreeMap<>();
		kioskIds.forEach((id) -> recorded.put(id, new TreeMap<>()));
		FaultInjector injector;
		try (Fleet fleet = Fleet.open(new Fleet.FleetSettings(this.suite.edgeUrl(), this.suite.caFile(), this.workDir,
				50, backoff, this.plan.seed()), tokens, http, 4)) {
			if (doors != null) {
				// the policy in every kiosk's cache, so that an offline kiosk decides too
				fleet.syncCachesOnce();
			}
			fleet.startLoops();
			Progress progress = Progress.onStdout();
			progress.phase("chaos", 0);
			progress.follow(fleet::acknowledgedNow);
			http.faults(new KioskFaults(0.1, 0.1, 0.1));
			long scenario = System.nanoTime();
			injector = new FaultInjector(this.suite, admin, http, scenario);
			Thread faults = startFaults(injector, scenario);
			long ticks = this.plan.duration().toMillis() / TICK.toMillis();
			double perKioskPerTick = this.plan.checkInsPerSecond() * TICK.toMillis() / 1000.0 / this.plan.kiosks();
			List<String> used = new ArrayList<>();
			for (long tick = 0; tick < ticks; tick++) {
				long due = scenario + (tick + 1) * TICK.toNanos();
				for (String kiosk : kioskIds) {
					if (random.nextDouble() < 0.01) {
						boolean up = !fleet.network(kiosk).isUp();
						fleet.network(kiosk).set(up);
						injector.record(up ? "kiosk online" : "kiosk offline", kiosk, true);
					}
					if (random.nextDouble() < perKioskPerTick) {
						String attendee = (!used.isEmpty() && random.nextDouble() < 0.15)
								? used.get(random.nextInt(used.size()))
								: attendees.get(random.nextInt(attendees.size()));
						used.add(attendee);
						if (doors != null) {
							doors.scan(fleet.agent(kiosk), kiosk, attendee)
								.ifPresent((scan) -> recorded.get(kiosk).put(scan.seq(), scan.attendeeId()));
						}
						else {
							CheckInReceipt receipt = fleet.agent(kiosk).checkIn(attendee);
							recorded.get(kiosk).put(receipt.seq(), attendee);
						}
					}
				}
				if (doors != null) {
					doors.nextTick();
				}
				long wait = due - System.nanoTime();
				if (wait > 0) {
					Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
				}
			}
			faults.join(Duration.ofMinutes(5).toMillis());
			kioskIds.forEach((kiosk) -> fleet.network(kiosk).set(true));
			injector.record("all kiosks online", "generation over; draining", true);
			http.faults(KioskFaults.NONE);
			boolean drained = fleet.awaitDrained(Duration.ofMinutes(3));
			progress.done(fleet.acknowledgedNow());
			injector.record("drain", drained ? "every kiosk log drained" : "NOT drained in 3 min", drained);
			boolean printed = awaitPrinted(database, eventId, Duration.ofMinutes(3));
			injector.record("printing", printed ? "every badge job PRINTED" : "NOT all printed in 3 min", printed);
			this.timings = http.timings();
			// under the policy: badge jobs for the badge desk's admissions only, and the
			// occupancy of every area (invariant 13)
			Checks checks = CheckInInvariants.run(database, admin, eventId, recorded, fleet.outcomes(4),
					fleet.statuses(), 0, (doors != null) ? doors.badgeAttendees() : null);
			ChaosSummary.PolicyScans scans = null;
			if (doors != null) {
				checks.add(Check.equal("every exit scan recorded as an EXIT", 0, doors.exitsNotRecorded()));
				scans = doors.counts(database
					.number("SELECT count(*) FROM reconciler.movements WHERE event_id = ? AND against_rules", eventId));
			}
			List<PrintedLabel> labels = new ArrayList<>();
			this.suite.printers().stream().map(VirtualPrinter::printedLabels).forEach(labels::addAll);
			PrintInvariants.run(checks, database, eventId, labels, prefix, injector.failovers(),
					injector.unconfirmedAtOrchestratorKill(), injector.confirmedThroughBlip(), injector.droppedJobs());
			if (this.plan.faults().stream().anyMatch((f) -> f.kind() == ChaosPlan.Kind.PRINTER_BLIP)) {
				checks.add(Check.equal("a printer blip shorter than the probe threshold declares nothing DOWN", false,
						injector.blipDeclaredDown()));
			}
			for (Fault fault : injector.faults()) {
				if (!fault.ok()) {
					checks.add(Check.that("fault went as planned: " + fault.name(), "ok", fault.detail(), false));
				}
			}
			long checkIns = recorded.values().stream().mapToLong(Map::size).sum();
			return new ChaosSummary(this.runId, this.plan, checkIns, (System.nanoTime() - started) / 1e9,
					http.injected(), injector.faults(),
					Latency.of(this.timings.stream().map(BatchTiming::millis).toList()), checks.all(),
					checks.allPassed(), scans);
		}
	}

	/**
	 * The flush requests of the run.
	 * @return their timings
	 */
	public List<BatchTiming> timings() {
		return this.timings;
	}

	private Thread startFaults(FaultInjector injector, long scenario) {
		List<ChaosPlan.Scheduled> schedule = new ArrayList<>(this.plan.faults());
		schedule.sort(Comparator.comparingDouble(ChaosPlan.Scheduled::at));
		return Thread.ofPlatform().name("chaos-faults").start(() -> {
			for (ChaosPlan.Scheduled fault : schedule) {
				long due = scenario + (long) (fault.at() * this.plan.duration().toNanos());
				long wait = due - System.nanoTime();
				try {
					if (wait > 0) {
						Thread.sleep(wait / 1_000_000);
					}
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return;
				}
				injector.inject(fault.kind());
			}
		});
	}

	private static boolean awaitPrinted(Database database, String eventId, Duration timeout)
			throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			long jobs = database.number("SELECT count(*) FROM reconciler.badge_jobs WHERE event_id = ?", eventId);
			long printed = database
				.number("SELECT count(*) FROM printing.print_jobs WHERE event_id = ? AND state = 'PRINTED'", eventId);
			if (printed == jobs) {
				return true;
			}
			Thread.sleep(500);
		}
		return false;
	}

}
