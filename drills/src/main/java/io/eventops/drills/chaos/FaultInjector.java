package io.eventops.drills.chaos;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import io.eventops.drills.fleet.DrillHttpClient;
import io.eventops.drills.stack.AdminApi;
import io.eventops.drills.stack.Database;
import io.eventops.localstack.RunningSuite;
import io.eventops.localstack.SuiteOptions;
import io.eventops.printer.client.ZebraClient;
import io.eventops.printer.virtual.PrintedLabel;
import io.eventops.printer.virtual.VirtualPrinter;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import tools.jackson.databind.JsonNode;

/**
 * Injects the suite-side faults of the scenario and records each with what was observed;
 * every wait is bounded.
 */
final class FaultInjector {

	private static final Duration RESTART = Duration.ofSeconds(180);

	// how long a kill waits for the work it is meant to cut short
	private static final Duration BUSY = Duration.ofSeconds(30);

	private final RunningSuite suite;

	private final AdminApi admin;

	private final DrillHttpClient kiosks;

	private final long started;

	private final List<Fault> faults = Collections.synchronizedList(new ArrayList<>());

	private int failovers;

	private int unconfirmedAtKill;

	private volatile boolean blipDown;

	// jobs whose label was being confirmed when their printer blipped
	private final List<String> confirmedThroughBlip = Collections.synchronizedList(new ArrayList<>());

	// jobs whose format a printer dropped unprinted (swallowed, or by ~JA)
	private final List<String> droppedJobs = Collections.synchronizedList(new ArrayList<>());

	FaultInjector(RunningSuite suite, AdminApi admin, DrillHttpClient kiosks, long started) {
		this.suite = suite;
		this.admin = admin;
		this.kiosks = kiosks;
		this.started = started;
	}

	void inject(ChaosPlan.Kind kind) {
		try {
			switch (kind) {
				case KILL_RECONCILER -> killReconciler();
				case KILL_ORCHESTRATOR -> killOrchestrator();
				case FLUSH_REDIS -> flushRedis();
				case RESTART_POSTGRES -> restartPostgres();
				case KILL_PRINTER -> killPrinter();
				case PRINTER_BLIP -> blip();
				case PAPER_OUT -> paperOut();
				case CONFIRMATION_BLIP -> confirmationBlip();
				case SWALLOWED_FORMAT -> swallowedFormat();
				case CANCEL_DURING_CONFIRMATION -> cancelDuringConfirmation();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			record(kind.name(), "interrupted", false);
		}
		catch (RuntimeException | IOException | SQLException ex) {
			record(kind.name(), "injection failed: " + ex, false);
		}
	}

	void record(String name, String detail, boolean ok) {
		this.faults.add(new Fault((System.nanoTime() - this.started) / 1e9, name, detail, ok));
		System.out.printf("[chaos] %s: %s%n", name, detail);
	}

	List<Fault> faults() {
		return List.copyOf(this.faults);
	}

	int failovers() {
		return this.failovers;
	}

	int unconfirmedAtOrchestratorKill() {
		return this.unconfirmedAtKill;
	}

	boolean blipDeclaredDown() {
		return this.blipDown;
	}

	List<String> confirmedThroughBlip() {
		return List.copyOf(this.confirmedThroughBlip);
	}

	List<String> droppedJobs() {
		return List.copyOf(this.droppedJobs);
	}

	private void killReconciler() throws InterruptedException {
		// mid-batch: wait (bounded) for a flush on the wire, which the edge forwards at
		// once; a kill between flushes did not go as planned (invariants 2 and 6 are
		// about the batch it cuts short)
		long deadline = System.nanoTime() + BUSY.toNanos();
		while (this.kiosks.inFlight() == 0 && System.nanoTime() < deadline) {
			Thread.sleep(5);
		}
		int inFlight = this.kiosks.inFlight();
		var reconciler = this.suite.service(SuiteOptions.RECONCILER);
		long pid = reconciler.pid();
		reconciler.kill();
		record("kill -9 reconciler", "pid " + pid + " killed with " + inFlight + " flush request(s) in flight",
				inFlight > 0);
		long down = System.nanoTime();
		reconciler.restart(RESTART);
		record("reconciler restarted", "healthy again after " + (System.nanoTime() - down) / 1_000_000 + " ms", true);
	}

	private void killOrchestrator() throws InterruptedException {
		// mid-label: wait (bounded) for a label sent and not yet confirmed
		Database database = new Database(this.suite);
		String printing = "SELECT count(*) FROM printing.print_jobs WHERE state = 'PRINTING'";
		long deadline = System.nanoTime() + BUSY.toNanos();
		while (database.number(printing) == 0 && System.nanoTime() < deadline) {
			Thread.sleep(20);
		}
		var orchestrator = this.suite.service(SuiteOptions.ORCHESTRATOR);
		long pid = orchestrator.pid();
		orchestrator.kill();
		// counted after the kill: nothing can settle them any more
		int unconfirmed = (int) database.number(printing);
		this.unconfirmedAtKill += unconfirmed;
		record("kill -9 orchestrator", "pid " + pid + " killed with " + unconfirmed + " label(s) unconfirmed",
				unconfirmed > 0);
		long down = System.nanoTime();
		orchestrator.restart(RESTART);
		record("orchestrator restarted", "healthy again after " + (System.nanoTime() - down) / 1_000_000 + " ms", true);
	}

	private void flushRedis() {
		RedisClient client = RedisClient.create("redis://127.0.0.1:" + this.suite.redisPort());
		try (StatefulRedisConnection<String, String> redis = client.connect()) {
			long keys = redis.sync().dbsize();
			redis.sync().flushall();
			record("Redis FLUSHALL", keys + " keys dropped (claims, queues, in-flight, done markers)", true);
		}
		finally {
			client.shutdown();
		}
	}

	private void restartPostgres() throws IOException {
		long down = System.nanoTime();
		this.suite.restartPostgres();
		record("PostgreSQL restart", "stopped and started again in " + (System.nanoTime() - down) / 1_000_000 + " ms",
				true);
	}

	private void killPrinter() throws InterruptedException, SQLException {
		VirtualPrinter primary = printer("primary");
		// with jobs in flight and queued: wait (bounded) until the ledger shows both. The
		// ledger, not the admin API's Redis view, which a FLUSHALL just before leaves
		// empty until the orchestrator has restored it. A kill that finds the printer
		// idle did not go as planned: it would test nothing of invariants 8 and 9.
		long[] held;
		try (Connection connection = new Database(this.suite).connect()) {
			held = heldBy(connection, "primary");
			long deadline = System.nanoTime() + BUSY.toNanos();
			while ((held[0] == 0 || held[1] == 0) && System.nanoTime() < deadline) {
				Thread.sleep(20);
				held = heldBy(connection, "primary");
			}
		}
		JsonNode before = this.admin.printers().get("primary");
		primary.die();
		record("printer primary killed",
				"ledger: " + held[0] + " in flight, " + held[1] + " queued; Redis: queue depth "
						+ before.path("queueDepth").asLong() + ", in flight "
						+ before.path("inFlightJobId").asString("none") + "; " + primary.printedLabels().size()
						+ " labels printed before",
				held[0] > 0 && held[1] > 0);
		this.failovers++;
		awaitFailover("primary", Duration.ofSeconds(60));
	}

	// jobs sent and not confirmed, and jobs queued, on one printer
	private static long[] heldBy(Connection connection, String printerId) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement(
				"SELECT count(*) FILTER (WHERE state IN ('PRINTING', 'UNKNOWN_OUTCOME')), count(*) FILTER (WHERE state = 'QUEUED')"
						+ " FROM printing.print_jobs WHERE printer_id = ?")) {
			statement.setString(1, printerId);
			try (ResultSet rs = statement.executeQuery()) {
				rs.next();
				return new long[] { rs.getLong(1), rs.getLong(2) };
			}
		}
	}

	private void blip() throws InterruptedException {
		VirtualPrinter backup = printer("backup");
		backup.blip(Duration.ofMillis(1500));
		long until = System.nanoTime() + Duration.ofMillis(4500).toNanos();
		while (System.nanoTime() < until) {
			if ("DOWN".equals(this.admin.printers().get("backup").path("state").asString())) {
				this.blipDown = true;
			}
			Thread.sleep(200);
		}
		record("printer backup blip 1.5 s", "shorter than 3 probes of 1 s; declared DOWN: " + this.blipDown,
				!this.blipDown);
	}

	// A label in its confirmation on backup: slowed, so that the blip surely falls inside
	// it; the label comes out while backup is off the network, and the orchestrator must
	// reconnect and read the label counter instead of sending it again (invariant 8)
	private void confirmationBlip() throws InterruptedException, SQLException {
		VirtualPrinter backup = printer("backup");
		Duration labelTime = backup.state().labelTime();
		backup.slow(Duration.ofMillis(1500));
		String jobId = null;
		try (Connection connection = new Database(this.suite).connect()) {
			long deadline = System.nanoTime() + BUSY.toNanos();
			while (System.nanoTime() < deadline) {
				if (backup.state().labelsRemaining() == 1) {
					jobId = printingOn(connection, "backup");
					if (jobId != null) {
						break;
					}
				}
				Thread.sleep(10);
			}
			backup.blip(Duration.ofSeconds(1));
		}
		finally {
			backup.slow(labelTime);
		}
		if (jobId != null) {
			this.confirmedThroughBlip.add(jobId);
		}
		record("printer backup blip 1 s during a confirmation",
				(jobId != null) ? "job " + jobId + " was being confirmed" : "no label was being confirmed in 30 s",
				jobId != null);
	}

	// A format accepted, shown busy, then dropped unprinted: it must be printed again,
	// once, and never taken for printed
	private void swallowedFormat() throws InterruptedException {
		VirtualPrinter backup = printer("backup");
		int dropped = backup.droppedLabels().size();
		backup.swallowNext();
		long deadline = System.nanoTime() + BUSY.toNanos();
		while (backup.droppedLabels().size() == dropped && System.nanoTime() < deadline) {
			Thread.sleep(10);
		}
		List<String> jobs = newlyDropped(backup, dropped);
		this.droppedJobs.addAll(jobs);
		record("printer backup swallows a format", jobs.isEmpty() ? "no format reached it in 30 s"
				: "job " + jobs.get(0) + " shown busy, then dropped unprinted", !jobs.isEmpty());
	}

	// A jammed format (a jam does not show in ~HS) while its confirmation runs, and a ~JA
	// from outside the orchestrator's process (as from another replica's failover), so
	// the orchestrator's print lock does not hold it back: the format is dropped
	// unprinted
	private void cancelDuringConfirmation() throws InterruptedException, SQLException, IOException {
		VirtualPrinter backup = printer("backup");
		int dropped = backup.droppedLabels().size();
		backup.jam();
		String jobId = null;
		try (Connection connection = new Database(this.suite).connect()) {
			long deadline = System.nanoTime() + BUSY.toNanos();
			while (System.nanoTime() < deadline) {
				if (backup.state().jammed()) {
					jobId = printingOn(connection, "backup");
					if (jobId != null) {
						break;
					}
				}
				Thread.sleep(10);
			}
		}
		new ZebraClient("127.0.0.1", backup.port()).cancelAll();
		long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
		while (backup.droppedLabels().size() == dropped && System.nanoTime() < deadline) {
			Thread.sleep(10);
		}
		List<String> jobs = newlyDropped(backup, dropped);
		this.droppedJobs.addAll(jobs);
		boolean asPlanned = jobId != null && jobs.contains(jobId);
		record("~JA during a confirmation on printer backup",
				asPlanned ? "jammed job " + jobId + " dropped by ~JA while being confirmed"
						: "no jammed label in confirmation (" + jobId + ", dropped " + jobs + ")",
				asPlanned);
	}

	private static List<String> newlyDropped(VirtualPrinter printer, int before) {
		List<PrintedLabel> all = printer.droppedLabels();
		return all.subList(Math.min(before, all.size()), all.size())
			.stream()
			.map(PrintedLabel::jobId)
			.filter((job) -> !job.isEmpty())
			.toList();
	}

	// the job a printer is printing and has not confirmed yet, by the ledger
	private static String printingOn(Connection connection, String printerId) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement(
				"SELECT job_id::text FROM printing.print_jobs WHERE printer_id = ? AND state = 'PRINTING' LIMIT 1")) {
			statement.setString(1, printerId);
			try (ResultSet rs = statement.executeQuery()) {
				return rs.next() ? rs.getString(1) : null;
			}
		}
	}

	private void paperOut() throws InterruptedException {
		VirtualPrinter primary = printer("primary");
		primary.paperOut();
		this.failovers++;
		awaitState("primary", "DOWN", Duration.ofSeconds(20));
		record("printer primary out of paper", "declared DOWN, failed over", true);
		primary.clear();
		// an out printer never returns by itself: ops probe-prints it, then enables it
		awaitState("primary", "DOWN", Duration.ofSeconds(5));
		this.admin.printerAction("primary", "probe-print");
		// enable is refused until the latest health probe was clean again (probes run
		// every second), so ops retries it: bounded
		long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
		while (this.admin.tryPrinterAction("primary", "enable") != 200 && System.nanoTime() < deadline) {
			Thread.sleep(500);
		}
		boolean back = awaitState("primary", "UP", Duration.ofSeconds(30));
		record("printer primary refilled", back ? "probe print, enabled, back UP" : "not UP in 30 s", back);
	}

	private void awaitFailover(String printerId, Duration timeout) throws InterruptedException {
		boolean down = awaitState(printerId, "DOWN", timeout);
		JsonNode result = this.admin.failover(printerId);
		record("failover " + printerId,
				"declared DOWN: " + down + "; failover (idempotent rerun) moved " + result.path("moved").size()
						+ ", dead depth " + result.path("deadDepth").asLong(),
				down && result.path("deadDepth").asLong() == 0);
	}

	private boolean awaitState(String printerId, String state, Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			Map<String, JsonNode> printers = this.admin.printers();
			if (state.equals(printers.get(printerId).path("state").asString())) {
				return true;
			}
			Thread.sleep(250);
		}
		return false;
	}

	private VirtualPrinter printer(String name) {
		return this.suite.printers()
			.stream()
			.filter((p) -> p.name().equals(name))
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("No printer " + name));
	}

}
