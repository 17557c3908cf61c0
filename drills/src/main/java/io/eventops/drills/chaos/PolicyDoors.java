package io.eventops.drills.chaos;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

import io.eventops.agent.KioskAgent;
import io.eventops.agent.admission.Admission;
import io.eventops.drills.herd.HerdPolicy;
import io.eventops.drills.report.Latency;
import io.eventops.drills.stack.AdminApi;
import io.eventops.model.flush.EntryType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The chaos drill's doors under the herd's access-control policy ({@link HerdPolicy},
 * issue #36): every kiosk serves one area (every second the badge desk) and records
 * entries and exits; people are admitted into the areas and leave them while the faults
 * fire, and the doors keep what the invariants and the report need afterwards (who was
 * admitted where the badges print, the scans by outcome).
 */
final class PolicyDoors {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	// while anyone is inside the kiosk's area, one scan in four is someone leaving
	private static final int LEAVING_ONE_IN = 4;

	private final Map<String, String> areaOf;

	private final String badgeArea;

	private final long policyVersion;

	// a stream of its own: the drill's own draws (arrivals, attendees, networks) stay
	// those of the run without the policy, whose seeds are known to hit the faults
	private final Random random;

	// who the drill saw admitted to each area and not leave it since: people leave only
	// an area they are in
	private final Map<String, List<String>> inside = new HashMap<>();

	private final Set<String> badgeAttendees = new HashSet<>();

	// a person scans at most once a tick, so that no two of their movements share a
	// capture instant (at equal times the order is the keys', not the person's)
	private final Set<String> scannedThisTick = new HashSet<>();

	// how long each entry scan kept its person waiting at the door
	private final List<Double> entryMillis = new ArrayList<>();

	private long admitted;

	private long exits;

	private long refused;

	private long decidedOffline;

	private long exitsNotRecorded;

	private PolicyDoors(Map<String, String> areaOf, String badgeArea, long policyVersion, long seed) {
		this.areaOf = areaOf;
		this.badgeArea = badgeArea;
		this.policyVersion = policyVersion;
		this.random = new Random(seed);
	}

	/**
	 * Saves the herd's policy for the event and places the kiosks in its areas: every
	 * second kiosk at the badge desk, the others at the other areas in turn.
	 * @param admin the suite's APIs
	 * @param eventId the drill's event
	 * @param kioskIds the kiosks, in order
	 * @param seed the seed of who leaves when
	 * @return the doors
	 */
	static PolicyDoors install(AdminApi admin, String eventId, List<String> kioskIds, long seed) {
		String json = HerdPolicy.json(OffsetDateTime.now());
		long version = admin.putPolicy(eventId, json);
		String badgeArea = badgeArea(json);
		return new PolicyDoors(placement(kioskIds, HerdPolicy.AREAS, badgeArea), badgeArea, version, seed);
	}

	// the badge desk is the busiest door, and the print faults need its badges: a print
	// load like the run's without the policy, where every check-in prints
	static Map<String, String> placement(List<String> kioskIds, List<String> areas, String badgeArea) {
		List<String> others = areas.stream().filter((area) -> !area.equals(badgeArea)).toList();
		Map<String, String> areaOf = new LinkedHashMap<>();
		for (int k = 0; k < kioskIds.size(); k++) {
			areaOf.put(kioskIds.get(k), (k % 2 == 1) ? badgeArea : others.get((k / 2) % others.size()));
		}
		return areaOf;
	}

	// the area the policy itself names as the badge desk
	static String badgeArea(String policyJson) {
		for (JsonNode area : JSON.readTree(policyJson).path("areas")) {
			if (area.path("printsBadge").asBoolean(false)) {
				return area.path("areaId").asString();
			}
		}
		throw new IllegalArgumentException("The policy has no area that prints badges");
	}

	/**
	 * Provisions every kiosk for its area, recording entries and exits.
	 * @param admin the suite's APIs
	 * @param eventId the drill's event
	 * @return token by kiosk, in the kiosks' order
	 */
	Map<String, String> provision(AdminApi admin, String eventId) {
		Map<String, String> tokens = new LinkedHashMap<>();
		this.areaOf
			.forEach((kiosk, area) -> tokens.putAll(admin.provisionKiosksAt(eventId, area, Map.of(kiosk, "BOTH"))));
		return tokens;
	}

	/**
	 * One person at a kiosk: while anyone the drill saw admitted to its area is inside,
	 * one time in four one of them leaves through it, else {@code attendee} asks to
	 * enter. The kiosk decides as it does at a venue: the edge when it answers in time,
	 * else its cache.
	 * @param agent the kiosk
	 * @param kioskId its id
	 * @param attendee who arrives, unless someone leaves
	 * @return what the kiosk recorded, or empty when the person scanned in this tick
	 * already
	 */
	Optional<Admission> scan(KioskAgent agent, String kioskId, String attendee) {
		String area = this.areaOf.get(kioskId);
		List<String> here = this.inside.computeIfAbsent(area, (a) -> new ArrayList<>());
		if (!here.isEmpty() && this.random.nextInt(LEAVING_ONE_IN) == 0) {
			String person = here.get(this.random.nextInt(here.size()));
			if (!this.scannedThisTick.add(person)) {
				return Optional.empty();
			}
			Admission exit = agent.pass(person, true).orElseThrow(() -> notUnderPolicy(kioskId));
			here.remove(person);
			if (exit.type() == EntryType.EXIT) {
				this.exits++;
			}
			else {
				this.exitsNotRecorded++;
			}
			return Optional.of(exit);
		}
		if (!this.scannedThisTick.add(attendee)) {
			return Optional.empty();
		}
		long asked = System.nanoTime();
		Admission admission = agent.pass(attendee, false).orElseThrow(() -> notUnderPolicy(kioskId));
		this.entryMillis.add((System.nanoTime() - asked) / 1e6);
		if (admission.decidedOffline()) {
			this.decidedOffline++;
		}
		if (admission.type() == EntryType.CHECK_IN) {
			this.admitted++;
			if (!here.contains(attendee)) {
				here.add(attendee);
			}
			if (area.equals(this.badgeArea)) {
				this.badgeAttendees.add(attendee);
			}
		}
		else {
			this.refused++;
		}
		return Optional.of(admission);
	}

	/** The next tick: everyone may scan again. */
	void nextTick() {
		this.scannedThisTick.clear();
	}

	/**
	 * The attendees a kiosk of the badge desk admitted: the badge jobs the event must
	 * have.
	 * @return the attendees
	 */
	Set<String> badgeAttendees() {
		return Set.copyOf(this.badgeAttendees);
	}

	/**
	 * Exit scans a kiosk recorded as something else than an {@code EXIT}.
	 * @return the count, 0 when every exit was recorded
	 */
	long exitsNotRecorded() {
		return this.exitsNotRecorded;
	}

	/**
	 * The scans by outcome, for the report.
	 * @param flagged admissions the reconciler flagged {@code ADMITTED_AGAINST_RULES}
	 * @return the counts
	 */
	ChaosSummary.PolicyScans counts(long flagged) {
		return new ChaosSummary.PolicyScans(this.policyVersion, HerdPolicy.AREAS, this.badgeArea, this.admitted,
				this.exits, this.refused, this.decidedOffline, flagged, Latency.of(this.entryMillis));
	}

	private static IllegalStateException notUnderPolicy(String kioskId) {
		return new IllegalStateException(
				kioskId + ": the scan was not decided under the policy (no area or no policy in its cache)");
	}

}
