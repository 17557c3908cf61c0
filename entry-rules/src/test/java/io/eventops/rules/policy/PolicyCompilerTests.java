package io.eventops.rules.policy;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;

import static io.eventops.rules.TestPolicies.SATURDAY;
import static io.eventops.rules.TestPolicies.SUNDAY;
import static io.eventops.rules.TestPolicies.area;
import static io.eventops.rules.TestPolicies.policy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class PolicyCompilerTests {

	@Test
	void aValidPolicyCompilesWithItsRules() {
		CompiledPolicy compiled = policy().version(7)
			.ticketType("full")
			.ticketType("day-sat", SATURDAY)
			.area(area("desk").admits("full", "day-sat").printsBadge())
			.area(area("lounge").admits("full").rule("entriesToday < 3"))
			.compile();
		assertThat(compiled.version()).isEqualTo(7);
		assertThat(compiled.zone().getId()).isEqualTo("Europe/Berlin");
		assertThat(compiled.area("lounge").orElseThrow().rule())
			.hasValueSatisfying((rule) -> assertThat(rule.expression()).isEqualTo("entriesToday < 3"));
		assertThat(compiled.area("desk").orElseThrow().rule()).isEmpty();
		assertThat(compiled.badgeArea().areaId()).isEqualTo("desk");
		assertThat(compiled.defaultTicketType().id()).isEqualTo("full");
		assertThat(compiled.validDays(compiled.ticketType("full").orElseThrow())).containsExactlyInAnyOrder(SATURDAY,
				SUNDAY);
	}

	@Test
	void everyInvalidPartIsReportedAtOnceWithItsFieldPath() {
		EventPolicy policy = new EventPolicy(0L, "Europe/Atlantis", List.of(SATURDAY, SATURDAY),
				List.of(new TicketType("full", "Full pass", List.of()),
						new TicketType("day", "", List.of(SATURDAY, SATURDAY, LocalDate.parse("2026-12-24"))),
						new TicketType("full", "Again", List.of())),
				List.of(new Area("desk", "Desk", List.of("full"), List.of(), 0, Reentry.ONCE, 0, true, null, null, null,
						null),
						new Area("hall b", "Hall B", List.of("full", "vip"),
								List.of(new OpenWindow(SUNDAY, LocalTime.of(18, 0), LocalTime.of(9, 0)),
										new OpenWindow(null, null, LocalTime.of(9, 0))),
								-1, null, -5, true, "entriesToday >", "explained", 0, null)));
		assertThat(PolicyCompiler.problems(policy)).extracting(PolicyProblem::field)
			.containsExactly("version", "timeZone", "days[1]", "ticketTypes[1].name", "ticketTypes[1].validDays[1]",
					"ticketTypes[1].validDays[2]", "ticketTypes[2].id", "areas[1].areaId", "areas[1].admits[1]",
					"areas[1].open[0].day", "areas[1].open[0].until", "areas[1].open[1].from",
					"areas[1].toleranceMinutes", "areas[1].reentry", "areas[1].minMinutesBetweenEntries",
					"areas[1].capacity", "areas[1].rule", "areas");
		assertThatExceptionOfType(InvalidPolicyException.class).isThrownBy(() -> PolicyCompiler.compile(policy))
			.satisfies((ex) -> assertThat(ex.problems()).hasSize(18))
			.withMessageContaining("timeZone: unknown time zone 'Europe/Atlantis'");
	}

	@Test
	void aBadRuleIsReportedWithTheFieldAndCelsMessage() {
		EventPolicy policy = policy().area(area("desk").printsBadge()).area(area("lounge").rule("inside &&")).build();
		assertThat(PolicyCompiler.problems(policy)).singleElement().satisfies((problem) -> {
			assertThat(problem.field()).isEqualTo("areas[1].rule");
			assertThat(problem.message()).startsWith("ERROR: areas[1].rule:1:10: mismatched input '<EOF>'");
		});
	}

	@Test
	void aRuleThatIsNotABoolIsRefused() {
		EventPolicy policy = policy().area(area("lounge").rule("entriesToday")).build();
		assertThat(PolicyCompiler.problems(policy)).singleElement().satisfies((problem) -> {
			assertThat(problem.field()).isEqualTo("areas[0].rule");
			assertThat(problem.message()).contains("expected type 'bool' but found 'int'");
		});
	}

	@Test
	void aTimeZoneMustBeAnIanaZoneNotAnOffset() {
		assertThat(PolicyCompiler.problems(policy().timeZone("+01:00").build())).extracting(PolicyProblem::field)
			.containsExactly("timeZone");
		assertThat(PolicyCompiler.problems(policy().timeZone(null).build())).extracting(PolicyProblem::field)
			.containsExactly("timeZone");
		assertThat(PolicyCompiler.problems(policy().timeZone("America/Sao_Paulo").build())).isEmpty();
	}

	@Test
	void exactlyOneAreaPrintsTheBadge() {
		EventPolicy two = policy().area(area("desk").printsBadge()).area(area("desk-2").printsBadge()).build();
		assertThat(PolicyCompiler.problems(two)).extracting(PolicyProblem::message)
			.containsExactly("exactly one area must print the badge (printsBadge), found 2");
	}

	@Test
	void absentListsAndPartsAreReportedNotThrown() {
		EventPolicy empty = new EventPolicy(1L, "UTC", null, null, null);
		assertThat(PolicyCompiler.problems(empty)).extracting(PolicyProblem::field)
			.containsExactly("days", "ticketTypes", "areas");
		assertThat(PolicyCompiler.problems(null)).extracting(PolicyProblem::message)
			.containsExactly("a policy is required");
	}

	@Test
	void aPolicySentWithoutVersionCompilesOnceTheServerNumbersIt() {
		EventPolicy sent = new EventPolicy(null, "Europe/Berlin", List.of(SATURDAY),
				List.of(new TicketType("full", "Full", null)), List.of(new Area("desk", "Desk", List.of("full"), null,
						null, Reentry.ONCE, null, true, null, null, null, null)));
		assertThat(PolicyCompiler.problems(sent)).extracting(PolicyProblem::field).containsExactly("version");
		assertThat(PolicyCompiler.compile(sent.withVersion(4)).version()).isEqualTo(4);
		assertThat(sent.areas().get(0).toleranceMinutes()).isZero();
	}

	@Test
	void anExplanationWithoutRuleIsReported() {
		EventPolicy policy = new EventPolicy(1L, "UTC", List.of(SATURDAY),
				List.of(new TicketType("full", "Full", null)), List.of(new Area("desk", "Desk", List.of("full"), null,
						0, Reentry.ONCE, 0, true, null, "why", null, null)));
		assertThat(PolicyCompiler.problems(policy)).extracting(PolicyProblem::field)
			.containsExactly("areas[0].ruleExplanation");
	}

}
