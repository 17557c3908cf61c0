package io.eventops.rules;

import io.eventops.rules.policy.Area;
import io.eventops.rules.policy.CompiledPolicy;
import io.eventops.rules.policy.EventPolicy;
import io.eventops.rules.policy.OpenWindow;
import io.eventops.rules.policy.PolicyCompiler;
import io.eventops.rules.policy.Reentry;
import io.eventops.rules.policy.TicketType;

import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builders of policies for the tests: an event in Europe/Berlin over the weekend summer
 * time ends (2026-10-24 and 25), a full pass valid on both days, and areas that admit it
 * at any time, once, with no rule, unless told otherwise.
 */
public final class TestPolicies {

	public static final LocalDate SATURDAY = LocalDate.parse("2026-10-24");

	public static final LocalDate SUNDAY = LocalDate.parse("2026-10-25");

	private TestPolicies() {
	}

	public static PolicyBuilder policy() {
		return new PolicyBuilder();
	}

	public static AreaBuilder area(String areaId) {
		return new AreaBuilder(areaId);
	}

	/** Builds an {@link EventPolicy}. */
	public static final class PolicyBuilder {

		private long version = 1;

		private String timeZone = "Europe/Berlin";

		private List<LocalDate> days = List.of(SATURDAY, SUNDAY);

		private final List<TicketType> ticketTypes = new ArrayList<>();

		private final List<Area> areas = new ArrayList<>();

		public PolicyBuilder version(long version) {
			this.version = version;
			return this;
		}

		public PolicyBuilder timeZone(String timeZone) {
			this.timeZone = timeZone;
			return this;
		}

		public PolicyBuilder days(LocalDate... days) {
			this.days = Arrays.asList(days);
			return this;
		}

		public PolicyBuilder ticketType(String id, LocalDate... validDays) {
			this.ticketTypes.add(new TicketType(id, "Ticket " + id, Arrays.asList(validDays)));
			return this;
		}

		public PolicyBuilder area(AreaBuilder area) {
			this.areas.add(area.build());
			return this;
		}

		public EventPolicy build() {
			List<TicketType> types = this.ticketTypes.isEmpty()
					? List.of(new TicketType("full", "Full pass", List.of())) : this.ticketTypes;
			List<Area> withBadge = this.areas.isEmpty() ? List.of(TestPolicies.area("desk").printsBadge().build())
					: this.areas;
			if (withBadge.stream().noneMatch(Area::printsBadge)) {
				withBadge = new ArrayList<>(withBadge);
				withBadge.add(TestPolicies.area("badge-desk").printsBadge().admits(types.get(0).id()).build());
			}
			return new EventPolicy(this.version, this.timeZone, this.days, types, withBadge);
		}

		public CompiledPolicy compile() {
			return PolicyCompiler.compile(build());
		}

	}

	/** Builds an {@link Area}. */
	public static final class AreaBuilder {

		private final String areaId;

		private List<String> admits = List.of("full");

		private final List<OpenWindow> open = new ArrayList<>();

		private int toleranceMinutes;

		private Reentry reentry = Reentry.ONCE;

		private int minMinutesBetweenEntries;

		private boolean printsBadge;

		private String rule;

		private String ruleExplanation;

		private Integer capacity;

		private LocalTime exitAllAt;

		AreaBuilder(String areaId) {
			this.areaId = areaId;
		}

		public AreaBuilder admits(String... ticketTypes) {
			this.admits = Arrays.asList(ticketTypes);
			return this;
		}

		public AreaBuilder daily(String from, String until) {
			this.open.add(OpenWindow.daily(LocalTime.parse(from), LocalTime.parse(until)));
			return this;
		}

		public AreaBuilder open(LocalDate day, String from, String until) {
			this.open.add(new OpenWindow(day, LocalTime.parse(from), LocalTime.parse(until)));
			return this;
		}

		public AreaBuilder tolerance(int minutes) {
			this.toleranceMinutes = minutes;
			return this;
		}

		public AreaBuilder reentry(Reentry reentry) {
			this.reentry = reentry;
			return this;
		}

		public AreaBuilder minMinutesBetweenEntries(int minutes) {
			this.minMinutesBetweenEntries = minutes;
			return this;
		}

		public AreaBuilder printsBadge() {
			this.printsBadge = true;
			return this;
		}

		public AreaBuilder rule(String rule) {
			this.rule = rule;
			return this;
		}

		public AreaBuilder rule(String rule, String explanation) {
			this.rule = rule;
			this.ruleExplanation = explanation;
			return this;
		}

		public AreaBuilder capacity(Integer capacity) {
			this.capacity = capacity;
			return this;
		}

		public AreaBuilder exitAllAt(String time) {
			this.exitAllAt = LocalTime.parse(time);
			return this;
		}

		public Area build() {
			return new Area(this.areaId, "Area " + this.areaId, this.admits, this.open, this.toleranceMinutes,
					this.reentry, this.minMinutesBetweenEntries, this.printsBadge, this.rule, this.ruleExplanation,
					this.capacity, this.exitAllAt);
		}

	}

}
