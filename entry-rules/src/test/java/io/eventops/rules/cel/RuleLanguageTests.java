package io.eventops.rules.cel;

import dev.cel.common.types.SimpleType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class RuleLanguageTests {

	/** Saturday 2026-10-24 09:05 in Berlin, a workshop pass, second visit today. */
	private static final RuleFacts FACTS = new RuleFacts("workshop", "hall-b", Instant.parse("2026-10-24T07:05:00Z"),
			LocalDate.parse("2026-10-24"), DayOfWeek.SATURDAY, LocalTime.parse("09:05:30"), 2, 1, 3, 1, 42, true);

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '"',
			textBlock = """
					ticketType == 'workshop'                                     | ticketType == 'full'
					area == 'hall-b'                                             | area.startsWith('hall-a')
					capturedAt == timestamp('2026-10-24T07:05:00Z')               | capturedAt > timestamp('2026-10-24T08:00:00Z')
					capturedAt.getHours('Europe/Berlin') == 9                    | capturedAt.getHours() == 9
					localDate == '2026-10-24'                                    | localDate >= '2026-10-25'
					weekday == 'SATURDAY'                                        | weekday in ['SUNDAY', 'MONDAY']
					timeOfDay == '09:05'                                         | timeOfDay < '09:00'
					minuteOfDay == 545                                           | minuteOfDay > 600
					entriesToday == 2                                            | entriesToday < 2
					entryDays == 1                                               | entryDays > 1
					entriesHere == 3                                             | entriesHere == 0
					entriesHereToday == 1                                        | entriesHereToday != 1
					minutesSinceLastEntry == 42                                  | minutesSinceLastEntry < 30
					inside                                                       | !inside
					[1, 2, 3].exists(n, n == entriesToday)                       | [1, 2, 3].all(n, n < entriesToday)
					""")
	void aRuleCanUseEveryVariable(String admitting, String refusing) {
		assertThat(RuleLanguage.compile(admitting, "areas[0].rule").admits(FACTS)).isTrue();
		assertThat(RuleLanguage.compile(refusing, "areas[0].rule").admits(FACTS)).isFalse();
	}

	@Test
	void everyVariableIsDeclaredWithItsType() {
		assertThat(RuleLanguage.declaredVariables()).containsOnlyKeys("ticketType", "area", "capturedAt", "localDate",
				"weekday", "timeOfDay", "minuteOfDay", "entriesToday", "entryDays", "entriesHere", "entriesHereToday",
				"minutesSinceLastEntry", "inside");
		assertThat(RuleLanguage.declaredVariables()).containsEntry("capturedAt", SimpleType.TIMESTAMP)
			.containsEntry("entriesToday", SimpleType.INT)
			.containsEntry("inside", SimpleType.BOOL)
			.containsEntry("weekday", SimpleType.STRING);
	}

	@Test
	void aSyntaxErrorIsRefusedWithCelsMessageNamingTheField() {
		assertThatExceptionOfType(InvalidRuleException.class)
			.isThrownBy(() -> RuleLanguage.compile("entriesToday <", "areas[1].rule"))
			.withMessageContaining("areas[1].rule:1:")
			.withMessageContaining("mismatched input '<EOF>'");
	}

	@Test
	void aRuleThatIsNotABoolIsRefusedWhenCompiled() {
		assertThatExceptionOfType(InvalidRuleException.class)
			.isThrownBy(() -> RuleLanguage.compile("entriesToday + 1", "areas[0].rule"))
			.withMessageContaining("expected type 'bool' but found 'int'");
	}

	@Test
	void anUndeclaredVariableOrAWrongTypeIsRefusedWhenCompiled() {
		assertThatExceptionOfType(InvalidRuleException.class)
			.isThrownBy(() -> RuleLanguage.compile("vip == true", "areas[0].rule"))
			.withMessageContaining("undeclared reference to 'vip'");
		assertThatExceptionOfType(InvalidRuleException.class)
			.isThrownBy(() -> RuleLanguage.compile("entriesToday == 'two'", "areas[0].rule"))
			.withMessageContaining("found no matching overload");
	}

	@Test
	void anExpressionTooLongOrTooDeepIsRefusedWhenCompiled() {
		String tooLong = "inside || " + "true || ".repeat(RuleLanguage.MAX_EXPRESSION_LENGTH / 8) + "true";
		assertThatExceptionOfType(InvalidRuleException.class)
			.isThrownBy(() -> RuleLanguage.compile(tooLong, "areas[0].rule"))
			.withMessageContaining("exceeds limit");
		String tooDeep = "(".repeat(RuleLanguage.MAX_NESTING + 1) + "inside" + ")".repeat(RuleLanguage.MAX_NESTING + 1);
		assertThatExceptionOfType(InvalidRuleException.class)
			.isThrownBy(() -> RuleLanguage.compile(tooDeep, "areas[0].rule"))
			.withMessageContaining("recursion limit");
	}

	@Test
	void anEvaluationBeyondTheIterationBudgetFails() {
		String list = "[" + "0, ".repeat(99) + "0]";
		CompiledRule rule = RuleLanguage.compile(list + ".all(x, " + list + ".all(y, x == y))", "areas[0].rule");
		assertThatExceptionOfType(RuleEvaluationException.class).isThrownBy(() -> rule.admits(FACTS))
			.withMessageContaining("Iteration budget exceeded")
			.satisfies((ex) -> assertThat(ex.errorCode()).isEqualTo("ITERATION_BUDGET_EXCEEDED"));
	}

}
