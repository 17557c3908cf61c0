package io.eventops.rules.policy;

import io.eventops.rules.cel.CompiledRule;
import io.eventops.rules.cel.InvalidRuleException;
import io.eventops.rules.cel.RuleLanguage;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Validates a policy, reporting every invalid part with its field path, and compiles a
 * valid one (each rule compiled and type-checked once).
 */
public final class PolicyCompiler {

	/** Ids of ticket types and areas: the contract's id alphabet. */
	private static final Pattern ID = Pattern.compile("[A-Za-z0-9_.:-]{1,64}");

	/** A tolerance beyond half a day is a window of its own. */
	static final int MAX_TOLERANCE_MINUTES = 720;

	private PolicyCompiler() {
	}

	/**
	 * Compiles a policy.
	 * @param policy the policy
	 * @return the compiled policy
	 * @throws InvalidPolicyException with every problem when it is not valid
	 */
	public static CompiledPolicy compile(EventPolicy policy) {
		List<PolicyProblem> problems = new ArrayList<>();
		List<CompiledArea> areas = check(policy, problems);
		if (!problems.isEmpty()) {
			throw new InvalidPolicyException(problems);
		}
		return new CompiledPolicy(policy, ZoneId.of(policy.timeZone()), areas);
	}

	/**
	 * Every problem of a policy.
	 * @param policy the policy
	 * @return the problems in field order, empty when it is valid
	 */
	public static List<PolicyProblem> problems(EventPolicy policy) {
		List<PolicyProblem> problems = new ArrayList<>();
		check(policy, problems);
		return List.copyOf(problems);
	}

	private static List<CompiledArea> check(EventPolicy policy, List<PolicyProblem> problems) {
		if (policy == null) {
			problems.add(new PolicyProblem("", "a policy is required"));
			return List.of();
		}
		if (policy.version() < 1) {
			problems.add(new PolicyProblem("version", "must be at least 1"));
		}
		checkZone(policy.timeZone(), problems);
		Set<LocalDate> days = checkDays(policy, problems);
		Integer retention = policy.personalDataRetentionDays();
		if (retention != null && (retention < 0 || retention > EventPolicy.MAX_RETENTION_DAYS)) {
			problems.add(new PolicyProblem("personalDataRetentionDays", "must be 0 to " + EventPolicy.MAX_RETENTION_DAYS
					+ " days after the event's last day, or absent to keep personal data until an admin erases it"));
		}
		Set<String> types = checkTicketTypes(policy, days, problems);
		return checkAreas(policy, days, types, problems);
	}

	private static void checkZone(String timeZone, List<PolicyProblem> problems) {
		if (timeZone == null || timeZone.isBlank()) {
			problems.add(new PolicyProblem("timeZone", "an IANA time zone is required, e.g. Europe/Berlin"));
			return;
		}
		try {
			// an offset is not a zone: it knows no summer time
			if (ZoneId.of(timeZone) instanceof ZoneOffset) {
				problems.add(new PolicyProblem("timeZone",
						"must be an IANA time zone such as Europe/Berlin, not an offset"));
			}
		}
		catch (DateTimeException ex) {
			problems.add(new PolicyProblem("timeZone", "unknown time zone '" + timeZone + "'"));
		}
	}

	private static Set<LocalDate> checkDays(EventPolicy policy, List<PolicyProblem> problems) {
		Set<LocalDate> days = new HashSet<>();
		if (policy.days().isEmpty()) {
			problems.add(new PolicyProblem("days", "at least one day is required"));
		}
		for (int i = 0; i < policy.days().size(); i++) {
			LocalDate day = policy.days().get(i);
			if (day == null) {
				problems.add(new PolicyProblem("days[" + i + "]", "a date is required"));
			}
			else if (!days.add(day)) {
				problems.add(new PolicyProblem("days[" + i + "]", "duplicate day " + day));
			}
		}
		return days;
	}

	private static Set<String> checkTicketTypes(EventPolicy policy, Set<LocalDate> days, List<PolicyProblem> problems) {
		Set<String> ids = new HashSet<>();
		if (policy.ticketTypes().isEmpty()) {
			problems.add(new PolicyProblem("ticketTypes", "at least one ticket type is required"));
		}
		for (int i = 0; i < policy.ticketTypes().size(); i++) {
			String path = "ticketTypes[" + i + "]";
			TicketType type = policy.ticketTypes().get(i);
			if (type == null) {
				problems.add(new PolicyProblem(path, "a ticket type is required"));
				continue;
			}
			checkId(type.id(), path + ".id", ids, problems);
			checkName(type.name(), path + ".name", problems);
			Set<LocalDate> seen = new HashSet<>();
			for (int d = 0; d < type.validDays().size(); d++) {
				LocalDate day = type.validDays().get(d);
				String dayPath = path + ".validDays[" + d + "]";
				if (day == null) {
					problems.add(new PolicyProblem(dayPath, "a date is required"));
				}
				else if (!days.contains(day)) {
					problems.add(new PolicyProblem(dayPath, day + " is not one of the event's days"));
				}
				else if (!seen.add(day)) {
					problems.add(new PolicyProblem(dayPath, "duplicate day " + day));
				}
			}
		}
		return ids;
	}

	private static List<CompiledArea> checkAreas(EventPolicy policy, Set<LocalDate> days, Set<String> types,
			List<PolicyProblem> problems) {
		List<CompiledArea> compiled = new ArrayList<>();
		Set<String> ids = new HashSet<>();
		int badgeAreas = 0;
		if (policy.areas().isEmpty()) {
			problems.add(new PolicyProblem("areas", "at least one area is required"));
		}
		for (int i = 0; i < policy.areas().size(); i++) {
			String path = "areas[" + i + "]";
			Area area = policy.areas().get(i);
			if (area == null) {
				problems.add(new PolicyProblem(path, "an area is required"));
				continue;
			}
			checkId(area.areaId(), path + ".areaId", ids, problems);
			checkName(area.name(), path + ".name", problems);
			checkAdmits(area, path, types, problems);
			checkWindows(area, path, days, problems);
			if (area.toleranceMinutes() < 0 || area.toleranceMinutes() > MAX_TOLERANCE_MINUTES) {
				problems.add(new PolicyProblem(path + ".toleranceMinutes",
						"must be between 0 and " + MAX_TOLERANCE_MINUTES));
			}
			if (area.reentry() == null) {
				problems.add(
						new PolicyProblem(path + ".reentry", "one of ONCE, ONCE_PER_DAY, AFTER_EXIT, ANY is required"));
			}
			if (area.minMinutesBetweenEntries() < 0) {
				problems.add(new PolicyProblem(path + ".minMinutesBetweenEntries", "must not be negative"));
			}
			if (area.capacity() != null && area.capacity() < 1) {
				problems.add(new PolicyProblem(path + ".capacity", "must be at least 1 when given"));
			}
			if (area.printsBadge()) {
				badgeAreas++;
			}
			Optional<CompiledRule> rule = checkRule(area, path, problems);
			compiled.add(new CompiledArea(area, rule));
		}
		if (!policy.areas().isEmpty() && badgeAreas != 1) {
			problems.add(new PolicyProblem("areas",
					"exactly one area must print the badge (printsBadge), found " + badgeAreas));
		}
		return compiled;
	}

	private static void checkAdmits(Area area, String path, Set<String> types, List<PolicyProblem> problems) {
		if (area.admits().isEmpty()) {
			problems.add(new PolicyProblem(path + ".admits", "at least one ticket type is required"));
		}
		for (int t = 0; t < area.admits().size(); t++) {
			String type = area.admits().get(t);
			if (type == null || !types.contains(type)) {
				problems.add(new PolicyProblem(path + ".admits[" + t + "]", "unknown ticket type '" + type + "'"));
			}
		}
	}

	private static void checkWindows(Area area, String path, Set<LocalDate> days, List<PolicyProblem> problems) {
		for (int w = 0; w < area.open().size(); w++) {
			String windowPath = path + ".open[" + w + "]";
			OpenWindow window = area.open().get(w);
			if (window == null) {
				problems.add(new PolicyProblem(windowPath, "a window is required"));
				continue;
			}
			if (window.day() != null && !days.contains(window.day())) {
				problems.add(new PolicyProblem(windowPath + ".day", window.day() + " is not one of the event's days"));
			}
			if (window.from() == null) {
				problems.add(new PolicyProblem(windowPath + ".from", "a local time is required"));
			}
			if (window.until() == null) {
				problems.add(new PolicyProblem(windowPath + ".until", "a local time is required"));
			}
			else if (window.from() != null && !window.until().isAfter(window.from())) {
				problems.add(new PolicyProblem(windowPath + ".until", "must be after from (" + window.from() + ")"));
			}
		}
	}

	private static Optional<CompiledRule> checkRule(Area area, String path, List<PolicyProblem> problems) {
		if (area.rule() == null) {
			if (area.ruleExplanation() != null) {
				problems.add(new PolicyProblem(path + ".ruleExplanation", "explains no rule"));
			}
			return Optional.empty();
		}
		if (area.rule().isBlank()) {
			problems.add(new PolicyProblem(path + ".rule", "must not be blank; leave it out for no rule"));
			return Optional.empty();
		}
		try {
			return Optional.of(RuleLanguage.compile(area.rule(), path + ".rule"));
		}
		catch (InvalidRuleException ex) {
			problems.add(new PolicyProblem(path + ".rule", ex.getMessage()));
			return Optional.empty();
		}
	}

	private static void checkId(String id, String path, Set<String> ids, List<PolicyProblem> problems) {
		if (id == null || !ID.matcher(id).matches()) {
			problems.add(new PolicyProblem(path, "1-64 characters of [A-Za-z0-9_.:-] are required"));
		}
		else if (!ids.add(id)) {
			problems.add(new PolicyProblem(path, "duplicate id '" + id + "'"));
		}
	}

	private static void checkName(String name, String path, List<PolicyProblem> problems) {
		if (name == null || name.isBlank()) {
			problems.add(new PolicyProblem(path, "a name is required"));
		}
	}

}
