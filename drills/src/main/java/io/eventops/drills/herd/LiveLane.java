package io.eventops.drills.herd;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

import io.eventops.agent.AgentStatus;
import io.eventops.agent.CheckIn;
import io.eventops.agent.CheckInReceipt;
import io.eventops.agent.KioskAgent;
import io.eventops.agent.backoff.BackoffPolicy;
import io.eventops.drills.fleet.BatchTiming;
import io.eventops.drills.fleet.DrillHttpClient;
import io.eventops.drills.fleet.Fleet;
import io.eventops.drills.report.Latency;
import io.eventops.drills.stack.AdminApi;
import io.eventops.localstack.RunningSuite;
import io.eventops.printer.virtual.PrintedLabel;
import io.eventops.printer.virtual.VirtualPrinter;

/**
 * The live lane of a herd: online kiosks that each check one attendee in about every 2 s
 * through the real agent (its SQLite log, its flush over HTTPS through the edge), beside
 * the reconnect herd and on an idle suite in the same run. Each live kiosk prints on a
 * pool of its own with an idle virtual printer (in the drill's JVM, registered with the
 * orchestrator), so that what is measured is how soon a live check-in's label format
 * reaches a printer, not a queue of earlier labels. Per check-in: kiosk call (the
 * {@code checkIn} that writes the log) to the entry's {@code APPLIED} in the log, and
 * kiosk call to the format received by the printer. Used by {@code drills herd} and
 * {@code drills rollout}; each sample counts in the phase set when its check-in began
 * ({@link #start}, {@link #phase}).
 */
public final class LiveLane implements AutoCloseable {

	// the virtual printers of the live pools: quick labels, so that each is idle
	// whenever its kiosk's next label comes (one every 2 s)
	private static final Duration LABEL_TIME = Duration.ofMillis(50);

	private static final Duration CADENCE = Duration.ofSeconds(2);

	private static final int ATTENDEES_PER_KIOSK = 400;

	private final Fleet fleet;

	private final List<VirtualPrinter> printers;

	private final Map<String, List<String>> attendees;

	private final Map<String, Integer> next = new ConcurrentHashMap<>();

	private final Map<String, Long> formatReceived = new ConcurrentHashMap<>();

	private final ConcurrentLinkedQueue<Sample> samples = new ConcurrentLinkedQueue<>();

	private final Map<String, Map<Long, String>> recorded = new ConcurrentHashMap<>();

	private final SplittableRandom random;

	private volatile boolean running;

	private volatile String phase = "idle";

	private final List<Thread> threads = new ArrayList<>();

	private final AdminApi admin;

	private final DrillHttpClient http;

	private LiveLane(AdminApi admin, DrillHttpClient http, Fleet fleet, List<VirtualPrinter> printers,
			Map<String, List<String>> attendees, long seed) {
		this.admin = admin;
		this.http = http;
		this.fleet = fleet;
		this.printers = printers;
		this.attendees = attendees;
		this.random = new SplittableRandom(seed);
		attendees.keySet().forEach((kiosk) -> this.recorded.put(kiosk, new ConcurrentHashMap<>()));
	}

	/**
	 * Registers the live kiosks' attendees in the herd's event, starts one virtual
	 * printer per live kiosk in a pool of its own, provisions the kiosks and opens their
	 * agents.
	 * @param suite the suite
	 * @param admin its APIs
	 * @param eventId the drill's event
	 * @param idPrefix the drill's prefix of kiosk, attendee and pool ids (the live kiosks
	 * are {@code <prefix>live01}…, their attendees {@code <prefix>l01-0000}…)
	 * @param kiosks live kiosks (at least 1)
	 * @param workDir where their logs go
	 * @param backoff the agents' retry schedule
	 * @param seed the seed of their cadence
	 * @return the lane, its printers UP
	 * @throws Exception when the suite refuses
	 */
	public static LiveLane open(RunningSuite suite, AdminApi admin, String eventId, String idPrefix, int kiosks,
			Path workDir, BackoffPolicy backoff, long seed) throws Exception {
		Plan plan = Plan.of(idPrefix, kiosks);
		admin.importAttendees(eventId, plan.allAttendees());
		List<VirtualPrinter> printers = new ArrayList<>();
		LiveLane lane = null;
		try {
			for (Map.Entry<String, String> pool : plan.pools().entrySet()) {
				VirtualPrinter printer = startPrinter(pool.getValue());
				printers.add(printer);
				admin.registerPrinter(printer.name(), printer.host(), printer.port(), pool.getValue());
			}
			Map<String, String> tokens = admin.provisionKiosks(eventId, plan.pools());
			lane = openKiosks(admin, admin.http(), suite.edgeUrl(), suite.caFile(), workDir, backoff, seed,
					plan.attendees(), printers, tokens);
			awaitPrintersUp(admin, printers.stream().map(VirtualPrinter::name).toList(), Duration.ofSeconds(60));
			return lane;
		}
		catch (Exception | Error ex) {
			if (lane != null) {
				lane.close();
			}
			else {
				printers.forEach(VirtualPrinter::close);
			}
			throw ex;
		}
	}

	/**
	 * The virtual printer of a live pool: quick labels, so that it is idle whenever its
	 * kiosk's next label comes.
	 * @param pool the pool
	 * @return the printer, named {@code <pool>-p}
	 */
	static VirtualPrinter startPrinter(String pool) throws java.io.IOException {
		return VirtualPrinter.start(pool + "-p", LABEL_TIME);
	}

	/**
	 * Opens the lane's kiosks in this JVM on printers registered and kiosks provisioned
	 * already (by {@link #open}, or by the drill for {@link LiveLaneProcess}'s JVM).
	 * @param admin the suite's APIs, or {@code null} where the printers are taken out of
	 * rotation by another JVM ({@link #close} then only stops them)
	 * @param trusting an HTTP client trusting the edge
	 * @param edgeUrl the edge
	 * @param caFile the edge's CA file
	 * @param workDir where the kiosks' logs go
	 * @param backoff the agents' retry schedule
	 * @param seed the seed of their cadence
	 * @param attendees each kiosk's own attendees, in order
	 * @param printers the live pools' printers
	 * @param tokens token by kiosk
	 * @return the lane
	 * @throws Exception when a kiosk cannot be opened
	 */
	static LiveLane openKiosks(AdminApi admin, java.net.http.HttpClient trusting, java.net.URI edgeUrl, Path caFile,
			Path workDir, BackoffPolicy backoff, long seed, Map<String, List<String>> attendees,
			List<VirtualPrinter> printers, Map<String, String> tokens) throws Exception {
		DrillHttpClient http = new DrillHttpClient(trusting, seed);
		Fleet fleet = Fleet.open(
				new Fleet.FleetSettings(edgeUrl, caFile, Files.createDirectories(workDir), 500, backoff, seed), tokens,
				http, 4);
		LiveLane lane = new LiveLane(admin, http, fleet, printers, attendees, seed);
		printers.forEach((printer) -> printer.onFormatReceived(lane::received));
		return lane;
	}

	/**
	 * The live kiosks' ids, attendees and pools.
	 *
	 * @param attendees each kiosk's own attendees ({@code <prefix>l01-0000}…), in order,
	 * by kiosk ({@code <prefix>live01}…)
	 * @param pools the pool of each kiosk ({@code live-<prefix>01}…)
	 */
	record Plan(Map<String, List<String>> attendees, Map<String, String> pools) {

		static Plan of(String idPrefix, int kiosks) {
			Map<String, List<String>> attendees = new LinkedHashMap<>();
			Map<String, String> pools = new LinkedHashMap<>();
			for (int k = 1; k <= kiosks; k++) {
				String kiosk = String.format("%slive%02d", idPrefix, k);
				List<String> own = new ArrayList<>();
				for (int i = 0; i < ATTENDEES_PER_KIOSK; i++) {
					own.add(String.format("%sl%02d-%04d", idPrefix, k, i));
				}
				attendees.put(kiosk, own);
				pools.put(kiosk, String.format("live-%s%02d", idPrefix, k));
			}
			return new Plan(attendees, pools);
		}

		List<String> allAttendees() {
			return this.attendees.values().stream().flatMap(List::stream).toList();
		}

	}

	private void received(PrintedLabel format) {
		if (!format.attendeeId().isEmpty()) {
			this.formatReceived.putIfAbsent(format.attendeeId(), System.nanoTime());
		}
	}

	static void awaitPrintersUp(AdminApi admin, List<String> names, Duration maxWait) throws InterruptedException {
		long deadline = System.nanoTime() + maxWait.toNanos();
		while (true) {
			var seen = admin.printers();
			long up = names.stream()
				.filter((name) -> seen.containsKey(name) && "UP".equals(seen.get(name).path("state").asString()))
				.count();
			if (up == names.size()) {
				return;
			}
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("Only " + up + " of the live lane's " + names.size()
						+ " printers are UP after " + maxWait.toSeconds() + " s");
			}
			Thread.sleep(250);
		}
	}

	/**
	 * Every live kiosk starts checking attendees in, each about every 2 s (uniform 1.5 to
	 * 2.5 s), first after a random part of that, until {@link #stop}.
	 * @param phase what the samples are counted as ({@code idle}, {@code herd}, …)
	 */
	public synchronized void start(String phase) {
		this.phase = phase;
		this.running = true;
		for (String kiosk : this.attendees.keySet()) {
			long first;
			synchronized (this.random) {
				first = this.random.nextLong(CADENCE.toMillis());
			}
			this.threads
				.add(Thread.ofPlatform().daemon().name("live-" + kiosk).start(() -> checkInEvery(kiosk, first)));
		}
	}

	/**
	 * From now on the check-ins that begin count in another phase, without a pause.
	 * @param phase what the samples are counted as
	 */
	public void phase(String phase) {
		this.phase = phase;
	}

	/**
	 * Stops the kiosks and waits for each one's check-in in progress.
	 * @throws InterruptedException when interrupted
	 */
	public synchronized void stop() throws InterruptedException {
		this.running = false;
		for (Thread thread : this.threads) {
			thread.interrupt();
			thread.join(Duration.ofSeconds(90).toMillis());
		}
		this.threads.clear();
	}

	private void checkInEvery(String kiosk, long firstMillis) {
		KioskAgent agent = this.fleet.agent(kiosk);
		long wait = firstMillis;
		while (this.running) {
			try {
				Thread.sleep(wait);
			}
			catch (InterruptedException ex) {
				return;
			}
			int index = this.next.merge(kiosk, 1, Integer::sum) - 1;
			List<String> own = this.attendees.get(kiosk);
			if (!this.running || index >= own.size()) {
				return;
			}
			String attendee = own.get(index);
			String phase = this.phase;
			long started = System.nanoTime();
			CheckInReceipt receipt = agent.checkIn(new CheckIn(attendee, null, false, null));
			this.recorded.get(kiosk).put(receipt.seq(), attendee);
			boolean drained;
			try {
				// not interrupted by stop(): the check-in in progress finishes
				drained = flushIgnoringInterrupts(agent);
			}
			catch (RuntimeException ex) {
				drained = false;
			}
			long applied = System.nanoTime();
			String outcome = agent.outcomeOf(receipt.seq()).orElse(drained ? "NONE" : "PENDING");
			this.samples.add(new Sample(kiosk, phase, attendee, started, applied - started, outcome));
			synchronized (this.random) {
				wait = CADENCE.toMillis() * 3 / 4 + this.random.nextLong(CADENCE.toMillis() / 2);
			}
		}
	}

	private static boolean flushIgnoringInterrupts(KioskAgent agent) {
		boolean interrupted = Thread.interrupted();
		try {
			while (true) {
				try {
					return agent.flushUntilDrained(Duration.ofSeconds(60)).drained();
				}
				catch (InterruptedException ex) {
					interrupted = true;
				}
			}
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/**
	 * Live check-ins done so far.
	 * @return the count
	 */
	public long checkIns() {
		return this.samples.size();
	}

	/**
	 * Waits until every applied live check-in's label format reached its printer.
	 * @param maxWait how long at most
	 * @return whether all did
	 * @throws InterruptedException when interrupted
	 */
	public boolean awaitFormats(Duration maxWait) throws InterruptedException {
		long deadline = System.nanoTime() + maxWait.toNanos();
		while (System.nanoTime() < deadline) {
			if (missingFormats() == 0) {
				return true;
			}
			Thread.sleep(200);
		}
		return missingFormats() == 0;
	}

	private long missingFormats() {
		return this.samples.stream()
			.filter((s) -> s.applied() && !this.formatReceived.containsKey(s.attendeeId()))
			.count();
	}

	/**
	 * Every live check-in so far (for {@link LiveLaneProcess}'s JVM to hand back).
	 * @return the samples
	 */
	List<Sample> samples() {
		return List.copyOf(this.samples);
	}

	/**
	 * When each live attendee's label format reached its printer ({@link System#nanoTime}
	 * of this JVM).
	 * @return nanos by attendee
	 */
	Map<String, Long> formatsReceived() {
		return Map.copyOf(this.formatReceived);
	}

	/**
	 * The live kiosks.
	 * @return how many
	 */
	int kiosks() {
		return this.attendees.size();
	}

	/**
	 * What the lane measured.
	 * @return the latencies of both phases
	 */
	public LiveLatency latency() {
		return LiveLatency.of(this.attendees.size(), List.copyOf(this.samples), Map.copyOf(this.formatReceived));
	}

	/**
	 * What the lane measured in one phase.
	 * @param phase the phase
	 * @return its latencies
	 */
	public PhaseLatency latency(String phase) {
		return PhaseLatency.of(List.copyOf(this.samples), Map.copyOf(this.formatReceived), phase);
	}

	/**
	 * The labels the live kiosks' printers received.
	 * @return every label, in order per printer
	 */
	public List<PrintedLabel> printedLabels() {
		List<PrintedLabel> labels = new ArrayList<>();
		this.printers.forEach((printer) -> labels.addAll(printer.printedLabels()));
		return labels;
	}

	/**
	 * The live kiosks' flush requests.
	 * @return their timings
	 */
	public List<BatchTiming> timings() {
		return this.http.timings();
	}

	/**
	 * Attendee by kiosk and seq, as the live kiosks recorded them (for the invariants).
	 * @return the entries
	 */
	public Map<String, Map<Long, String>> recorded() {
		Map<String, Map<Long, String>> copy = new TreeMap<>();
		this.recorded.forEach((kiosk, bySeq) -> copy.put(kiosk, new TreeMap<>(bySeq)));
		return copy;
	}

	public Map<String, Map<Long, String>> outcomes() throws InterruptedException {
		return this.fleet.outcomes(4);
	}

	public Map<String, AgentStatus> statuses() {
		return this.fleet.statuses();
	}

	@Override
	public void close() {
		try {
			stop();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.fleet.close();
		// out of the orchestrator's rotation before they stop, so that a stopped live
		// printer is not declared DOWN and failed over in the drills after this one
		// (without an admin, the JVM that registered them does it first)
		if (this.admin != null) {
			this.printers.forEach((printer) -> this.admin.tryPrinterAction(printer.name(), "disable"));
		}
		this.printers.forEach(VirtualPrinter::close);
	}

	/**
	 * One live check-in.
	 *
	 * @param kioskId the kiosk
	 * @param phase {@code idle} or {@code herd}
	 * @param attendeeId the attendee
	 * @param startedNanos when the kiosk was called
	 * @param appliedNanos from then until the agent's flush returned with the entry
	 * acknowledged
	 * @param outcome the entry's outcome in the kiosk's log
	 */
	public record Sample(String kioskId, String phase, String attendeeId, long startedNanos, long appliedNanos,
			String outcome) {

		/**
		 * Whether the check-in was applied: {@code APPLIED}, or {@code DUPLICATE} when
		 * the first answer was lost (the edge's wait for the reconciler ran out after it
		 * committed) and the resend found it applied (invariant 1).
		 * @return whether applied
		 */
		boolean applied() {
			return "APPLIED".equals(this.outcome) || "DUPLICATE".equals(this.outcome);
		}

	}

	/**
	 * The live lane's latencies, idle and during the herd (summary.json {@code live}).
	 *
	 * @param kiosks live kiosks
	 * @param checkIns live check-ins during the herd
	 * @param p50Ms kiosk call to {@code APPLIED}, during the herd, p50
	 * @param p99Ms the same, p99
	 * @param idleCheckIns live check-ins on the idle suite
	 * @param idleP50Ms kiosk call to {@code APPLIED} on the idle suite, p50
	 * @param idleP99Ms the same, p99
	 * @param toFormatSentP50Ms kiosk call to the label format received by the idle
	 * printer of its pool, during the herd, p50
	 * @param toFormatSentP99Ms the same, p99
	 * @param idleToFormatSentP50Ms the same on the idle suite, p50
	 * @param idleToFormatSentP99Ms the same on the idle suite, p99
	 * @param p99OverIdle {@code p99Ms / idleP99Ms}
	 * @param notApplied live check-ins neither {@code APPLIED} nor {@code DUPLICATE}
	 * @param formatsMissing applied live check-ins whose format never reached the printer
	 */
	public record LiveLatency(int kiosks, int checkIns, double p50Ms, double p99Ms, int idleCheckIns, double idleP50Ms,
			double idleP99Ms, double toFormatSentP50Ms, double toFormatSentP99Ms, double idleToFormatSentP50Ms,
			double idleToFormatSentP99Ms, double p99OverIdle, long notApplied, long formatsMissing) {

		static LiveLatency of(int kiosks, List<Sample> samples, Map<String, Long> formats) {
			Latency herd = applied(samples, "herd");
			Latency idle = applied(samples, "idle");
			Latency herdFormat = toFormat(samples, formats, "herd");
			Latency idleFormat = toFormat(samples, formats, "idle");
			long notApplied = samples.stream().filter((s) -> !s.applied()).count();
			long missing = samples.stream().filter((s) -> s.applied() && !formats.containsKey(s.attendeeId())).count();
			return new LiveLatency(kiosks, herd.count(), herd.p50(), herd.p99(), idle.count(), idle.p50(), idle.p99(),
					herdFormat.p50(), herdFormat.p99(), idleFormat.p50(), idleFormat.p99(),
					(idle.p99() > 0) ? herd.p99() / idle.p99() : 0, notApplied, missing);
		}

		private static Latency applied(List<Sample> samples, String phase) {
			return Latency.of(samples.stream()
				.filter((s) -> phase.equals(s.phase()))
				.map((s) -> s.appliedNanos() / 1e6)
				.toList());
		}

		private static Latency toFormat(List<Sample> samples, Map<String, Long> formats, String phase) {
			return Latency.of(samples.stream()
				.filter((s) -> phase.equals(s.phase()) && formats.containsKey(s.attendeeId()))
				.map((s) -> (formats.get(s.attendeeId()) - s.startedNanos()) / 1e6)
				.toList());
		}

	}

	/**
	 * The live lane's latencies in one phase.
	 *
	 * @param checkIns live check-ins begun in the phase
	 * @param p50Ms kiosk call to {@code APPLIED}, p50
	 * @param p99Ms the same, p99
	 * @param toFormatSentP50Ms kiosk call to the label format received by the idle
	 * printer of its pool, p50
	 * @param toFormatSentP99Ms the same, p99
	 */
	public record PhaseLatency(int checkIns, double p50Ms, double p99Ms, double toFormatSentP50Ms,
			double toFormatSentP99Ms) {

		static PhaseLatency of(List<Sample> samples, Map<String, Long> formats, String phase) {
			Latency applied = LiveLatency.applied(samples, phase);
			Latency format = LiveLatency.toFormat(samples, formats, phase);
			return new PhaseLatency(applied.count(), applied.p50(), applied.p99(), format.p50(), format.p99());
		}

	}

}
