package io.eventops.reconciler;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds an event policy as ops send it (JSON as maps), for the two days the test entries
 * are captured on (2026-07-16 and 17, Europe/Berlin): ticket types {@code full} (both
 * days), {@code day1} (the 16th only) and {@code workshop}; a badge desk that admits
 * every type at any time ({@code ANY}), and whatever areas a test adds.
 */
public final class TestPolicy {

	private final List<Map<String, Object>> areas = new ArrayList<>();

	private TestPolicy() {
		this.areas.add(area("desk", "ANY", List.of("full", "day1", "workshop")));
		this.areas.get(0).put("printsBadge", true);
	}

	public static TestPolicy policy() {
		return new TestPolicy();
	}

	/**
	 * Adds an area that admits {@code full} and {@code day1}.
	 * @param areaId its id
	 * @param reentry its re-entry policy
	 * @return this builder
	 */
	public TestPolicy area(String areaId, String reentry) {
		return area(areaId, reentry, Map.of());
	}

	/**
	 * Adds an area that admits {@code full} and {@code day1}, with more fields.
	 * @param areaId its id
	 * @param reentry its re-entry policy
	 * @param more further fields (open, rule, minMinutesBetweenEntries, admits ...)
	 * @return this builder
	 */
	public TestPolicy area(String areaId, String reentry, Map<String, Object> more) {
		Map<String, Object> area = area(areaId, reentry, List.of("full", "day1"));
		area.putAll(more);
		this.areas.add(area);
		return this;
	}

	/**
	 * Moves the badge desk's badge printing to another area.
	 * @param areaId the area that prints the badge
	 * @return this builder
	 */
	public TestPolicy badgeAt(String areaId) {
		for (Map<String, Object> area : this.areas) {
			area.put("printsBadge", area.get("areaId").equals(areaId));
		}
		return this;
	}

	public Map<String, Object> build() {
		Map<String, Object> policy = new LinkedHashMap<>();
		policy.put("timeZone", "Europe/Berlin");
		policy.put("days", List.of("2026-07-16", "2026-07-17"));
		policy.put("ticketTypes",
				List.of(Map.of("id", "full", "name", "Full pass", "validDays", List.of()),
						Map.of("id", "day1", "name", "Thursday pass", "validDays", List.of("2026-07-16")),
						Map.of("id", "workshop", "name", "Workshop seat")));
		policy.put("areas", this.areas);
		return policy;
	}

	private static Map<String, Object> area(String areaId, String reentry, List<String> admits) {
		Map<String, Object> area = new LinkedHashMap<>();
		area.put("areaId", areaId);
		area.put("name", "Area " + areaId);
		area.put("admits", admits);
		area.put("reentry", reentry);
		return area;
	}

}
