package io.eventops.drills.capacity;

import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import io.eventops.agent.AgentStatus;
import io.eventops.agent.KioskAgent;
import io.eventops.agent.admission.Admission;
import io.eventops.agent.admission.AllowanceKeeper;
import io.eventops.agent.backoff.BackoffPolicy;
import io.eventops.drills.fleet.DrillHttpClient;
import io.eventops.drills.fleet.Fleet;
import io.eventops.drills.stack.AdminApi;
import io.eventops.localstack.RunningSuite;
import io.eventops.model.flush.EntryType;

/**
 * {@code drills capacity} (#36, invariant 14): a hall with a capacity, its entry kiosks
 * granted their allowances, then an outage in which a crowd keeps arriving at random
 * kiosks and some people leave through the kiosks that record exits, kiosks coming back
 * one at a time for a flush and a renewed allowance and going offline again, then
 * everyone back online. The people behave physically (one comes in only when outside,
 * leaves only when inside), so the drill knows how many are inside at every step. The
 * report gives the peak against the capacity, how many places the allowances left unused
 * when refusals began, and whether the server's count after the outage is the drill's.
 */
public final class CapacityDrill {

	/** The hall's area id. */
	static final String HALL = "hall";

	private final RunningSuite suite;

	private final Plan plan;

	private final Path workDir;

	private final String runId;

	/**
	 * A run.
	 * @param suite the running suite
	 * @param plan what to run
	 * @param workDir where the kiosks' files go
	 * @param runId a short lowercase id
	 */
	public CapacityDrill(RunningSuite suite, Plan plan, Path workDir, String runId) {
		this.suite = suite;
		this.plan = plan;
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
		String eventId = "cap-" + this.runId;
		List<String> people = new ArrayList<>();
		for (int i = 1; i <= 3 * this.plan.capacity() + 20; i++) {
			people.add(String.format("cap%s-a%05d", this.runId, i));
		}
		admin.importAttendees(eventId, people);
		admin.putPolicy(eventId, policy(this.plan.capacity()));
		// every third kiosk also records exits
		Map<String, String> directions = new LinkedHashMap<>();
		for (int k = 1; k <= this.plan.kiosks(); k++) {
			directions.put(String.format("cap%s-k%02d", this.runId, k), (k % 3 == 0) ? "BOTH" : "ENTRY");
		}
		Map<String, String> tokens = admin.provisionKiosksAt(eventId, HALL, directions);
		BackoffPolicy backoff = new BackoffPolicy(Duration.ofMillis(100), Duration.ofSeconds(2), 0.2,
				Duration.ofSeconds(5));
		Random random = new Random(this.plan.seed());
		Counts counts = new Counts();
		Set<String> outside = new HashSet<>(people);
		List<String> inside = new ArrayList<>();
		try (Fleet fleet = Fleet.open(
				new Fleet.FleetSettings(this.suite.edgeUrl(), this.suite.caFile(), this.workDir, 100, backoff,
						this.plan.seed()),
				tokens, new DrillHttpClient(admin.http(), 42), Math.min(this.plan.kiosks(), 8))) {
			List<String> kiosks = fleet.kioskIds();
			List<String> exitKiosks = kiosks.stream().filter((id) -> directions.get(id).equals("BOTH")).toList();
			fleet.syncCachesOnce();
			for (String kiosk : kiosks) {
				fleet.agent(kiosk).renewAllowance();
				counts.granted += fleet.agent(kiosk).allowance().map(AllowanceKeeper.Status::placesLeft).orElse(0L);
			}
			kiosks.forEach((kiosk) -> fleet.network(kiosk).set(false));
			for (int step = 1; step <= this.plan.attempts(); step++) {
				if (step % Math.max(1, this.plan.attempts() / 8) == 0) {
					// one kiosk back for a moment: its entries to the server, a renewed
					// allowance, offline again
					String back = kiosks.get(random.nextInt(kiosks.size()));
					fleet.network(back).set(true);
					fleet.agent(back).flushUntilDrained(Duration.ofSeconds(60));
					fleet.agent(back).renewAllowance();
					fleet.network(back).set(false);
					counts.renewals++;
				}
				attempt(fleet, kiosks, exitKiosks, random, outside, inside, counts, false);
			}
			counts.placesLeftAtOutageEnd = kiosks.stream()
				.mapToLong((kiosk) -> fleet.agent(kiosk).allowance().map(AllowanceKeeper.Status::placesLeft).orElse(0L))
				.sum();
			kiosks.forEach((kiosk) -> fleet.network(kiosk).set(true));
			for (String kiosk : kiosks) {
				fleet.agent(kiosk).flushUntilDrained(Duration.ofSeconds(120));
				fleet.agent(kiosk).renewAllowance();
			}
			// the doors stay open online for a while
			for (int step = 1; step <= this.plan.attempts() / 4; step++) {
				attempt(fleet, kiosks, exitKiosks, random, outside, inside, counts, true);
			}
			long pending = 0;
			for (String kiosk : kiosks) {
				fleet.agent(kiosk).flushUntilDrained(Duration.ofSeconds(120));
				AgentStatus status = fleet.agent(kiosk).status();
				pending += status.pending();
			}
			counts.pendingAtEnd = pending;
		}
		long serverInside = admin.occupancy(eventId, HALL).path("inside").asLong(-1);
		return new Result(this.plan.kiosks(), this.plan.capacity(), this.plan.attempts(), counts.granted,
				counts.admitted, counts.refusedFull, counts.refusedOther, counts.exits, counts.renewals, counts.peak,
				counts.peakOffline, counts.firstRefusalInside, counts.placesLeftAtOutageEnd, inside.size(),
				serverInside, counts.pendingAtEnd);
	}

	// one person: an arrival at a random kiosk, or (one in four, while anyone is
	// inside) a departure through a kiosk that records exits
	private static void attempt(Fleet fleet, List<String> kiosks, List<String> exitKiosks, Random random,
			Set<String> outside, List<String> inside, Counts counts, boolean online) {
		if (!exitKiosks.isEmpty() && !inside.isEmpty() && random.nextInt(4) == 0) {
			String person = inside.remove(random.nextInt(inside.size()));
			KioskAgent kiosk = fleet.agent(exitKiosks.get(random.nextInt(exitKiosks.size())));
			Admission exit = kiosk.pass(person, true).orElseThrow();
			if (exit.type() != EntryType.EXIT) {
				throw new IllegalStateException("an exit was recorded as " + exit.type());
			}
			// back at a door a few people later, never within the same millisecond as the
			// exit (capture times are milliseconds; the order of two at one instant is
			// the
			// keys')
			counts.leaving.addLast(person);
			if (counts.leaving.size() > 3) {
				outside.add(counts.leaving.removeFirst());
			}
			counts.exits++;
			return;
		}
		List<String> candidates = new ArrayList<>(outside);
		if (candidates.isEmpty()) {
			return;
		}
		String person = candidates.get(random.nextInt(candidates.size()));
		Admission admission = fleet.agent(kiosks.get(random.nextInt(kiosks.size()))).pass(person, false).orElseThrow();
		if (admission.type() == EntryType.CHECK_IN) {
			outside.remove(person);
			inside.add(person);
			counts.admitted++;
			counts.peak = Math.max(counts.peak, inside.size());
			if (!online) {
				counts.peakOffline = Math.max(counts.peakOffline, inside.size());
			}
		}
		else if ("AREA_FULL".equals(admission.reason())) {
			counts.refusedFull++;
			if (counts.firstRefusalInside < 0) {
				counts.firstRefusalInside = inside.size();
			}
		}
		else {
			counts.refusedOther++;
		}
	}

	private static String policy(int capacity) {
		LocalDate today = LocalDate.now(ZoneOffset.UTC);
		return """
				{"timeZone": "UTC", "days": ["%s", "%s", "%s"],
				 "ticketTypes": [{"id": "full", "name": "Full pass"}],
				 "areas": [
				   {"areaId": "desk", "name": "Badge desk", "admits": ["full"], "reentry": "ANY", "printsBadge": true},
				   {"areaId": "hall", "name": "Hall", "admits": ["full"], "reentry": "ANY", "capacity": %d}]}"""
			.formatted(today.minusDays(1), today, today.plusDays(1), capacity);
	}

	/**
	 * What to run.
	 *
	 * @param kiosks the hall's kiosks (every third also records exits)
	 * @param capacity the hall's capacity
	 * @param attempts people arriving or leaving during the outage (a quarter more after
	 * it)
	 * @param seed the random seed
	 */
	public record Plan(int kiosks, int capacity, int attempts, long seed) {
	}

	private static final class Counts {

		final java.util.ArrayDeque<String> leaving = new java.util.ArrayDeque<>();

		long granted;

		long admitted;

		long refusedFull;

		long refusedOther;

		long exits;

		long renewals;

		long peak;

		long peakOffline;

		long firstRefusalInside = -1;

		long placesLeftAtOutageEnd;

		long pendingAtEnd;

	}

	/**
	 * What the drill measured.
	 *
	 * @param kiosks the hall's kiosks
	 * @param capacity its capacity
	 * @param attempts the outage's arrivals and departures
	 * @param granted the places the first allowances held in all
	 * @param admitted admissions
	 * @param refusedFull refusals {@code AREA_FULL}
	 * @param refusedOther refusals for another reason (none expected)
	 * @param exits exits
	 * @param renewals kiosks that came back for a moment during the outage
	 * @param peak the most inside at once
	 * @param peakOffline the most inside at once during the outage
	 * @param insideAtFirstRefusal how many were inside at the first {@code AREA_FULL} (-1
	 * without one): the capacity minus it is what the allowances left unused then
	 * @param placesLeftAtOutageEnd the places the kiosks' allowances still held when the
	 * outage ended
	 * @param insideAtEnd how many the drill knows inside at the end
	 * @param serverInside how many the reconciler counts inside at the end
	 * @param pendingAtEnd entries still on the kiosks at the end
	 */
	public record Result(int kiosks, int capacity, int attempts, long granted, long admitted, long refusedFull,
			long refusedOther, long exits, long renewals, long peak, long peakOffline, long insideAtFirstRefusal,
			long placesLeftAtOutageEnd, long insideAtEnd, long serverInside, long pendingAtEnd) {

		/**
		 * Whether the invariant held and the count is exact.
		 * @return whether the run passed
		 */
		public boolean passed() {
			return this.peak <= this.capacity && this.serverInside == this.insideAtEnd && this.pendingAtEnd == 0
					&& this.refusedOther == 0;
		}

		/**
		 * The report.
		 * @return markdown
		 */
		public String markdown() {
			long unusedAtFirstRefusal = (this.insideAtFirstRefusal >= 0) ? this.capacity - this.insideAtFirstRefusal
					: -1;
			return """
					## drills capacity (invariant 14)

					| | |
					|---|---|
					| kiosks of the hall (every third also records exits) | %d |
					| capacity | %d |
					| places the first allowances held | %d |
					| people arriving or leaving during the outage | %d (kiosks back for a moment: %d) |
					| admitted / refused AREA_FULL / other refusals / exits | %d / %d / %d / %d |
					| **peak inside** (outage / whole run) | **%d / %d** of %d: %s |
					| places the allowances left unused at the first AREA_FULL | %s |
					| places the allowances still held when the outage ended | %d |
					| inside at the end: the drill's count / the reconciler's | %d / %d: %s |
					| entries still on kiosks at the end | %d |
					""".formatted(this.kiosks, this.capacity, this.granted, this.attempts, this.renewals, this.admitted,
					this.refusedFull, this.refusedOther, this.exits, this.peakOffline, this.peak, this.capacity,
					(this.peak <= this.capacity) ? "never above the capacity" : "**ABOVE THE CAPACITY**",
					(unusedAtFirstRefusal >= 0) ? Long.toString(unusedAtFirstRefusal) : "no refusal",
					this.placesLeftAtOutageEnd, this.insideAtEnd, this.serverInside,
					(this.serverInside == this.insideAtEnd) ? "exact" : "**DIFFERENT**", this.pendingAtEnd);
		}

	}

}
