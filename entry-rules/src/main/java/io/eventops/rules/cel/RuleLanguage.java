package io.eventops.rules.cel;

import dev.cel.common.CelOptions;
import dev.cel.common.CelValidationException;
import dev.cel.common.types.CelType;
import dev.cel.common.types.SimpleType;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerBuilder;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The CEL environment of entry rules: the typed variables, the bounds on an expression's
 * size and cost, and compilation to a {@link CompiledRule}. The same declarations are
 * what another CEL implementation (Go, C++, JS) needs to evaluate the same rules.
 */
public final class RuleLanguage {

	/** {@code string}: the attendee's ticket type id. */
	public static final String TICKET_TYPE = "ticketType";

	/** {@code string}: the area's id. */
	public static final String AREA = "area";

	/** {@code google.protobuf.Timestamp}: the capture time. */
	public static final String CAPTURED_AT = "capturedAt";

	/** {@code string}: the local date, {@code 2026-10-25}. */
	public static final String LOCAL_DATE = "localDate";

	/** {@code string}: the local weekday, {@code MONDAY} … {@code SUNDAY}. */
	public static final String WEEKDAY = "weekday";

	/** {@code string}: the local time of day, {@code 09:05}. */
	public static final String TIME_OF_DAY = "timeOfDay";

	/** {@code int}: minutes since local midnight, by the wall clock. */
	public static final String MINUTE_OF_DAY = "minuteOfDay";

	/** {@code int}: admissions anywhere on the same local date. */
	public static final String ENTRIES_TODAY = "entriesToday";

	/** {@code int}: distinct local dates with an admission anywhere. */
	public static final String ENTRY_DAYS = "entryDays";

	/** {@code int}: admissions to this area. */
	public static final String ENTRIES_HERE = "entriesHere";

	/** {@code int}: admissions to this area on the same local date. */
	public static final String ENTRIES_HERE_TODAY = "entriesHereToday";

	/** {@code int}: whole minutes since the last admission anywhere, -1 when none. */
	public static final String MINUTES_SINCE_LAST_ENTRY = "minutesSinceLastEntry";

	/** {@code bool}: whether the attendee is inside this area. */
	public static final String INSIDE = "inside";

	/** The longest expression, in code points: a rule is a line or two, not a program. */
	public static final int MAX_EXPRESSION_LENGTH = 1000;

	/** The most comprehension iterations one evaluation may spend. */
	public static final int MAX_ITERATIONS = 1000;

	/** The deepest nesting the parser accepts. */
	public static final int MAX_NESTING = 32;

	private static final Map<String, CelType> VARIABLES = variables();

	private static final CelOptions OPTIONS = CelOptions.current()
		.maxExpressionCodePointSize(MAX_EXPRESSION_LENGTH)
		.comprehensionMaxIterations(MAX_ITERATIONS)
		.maxParseRecursionDepth(MAX_NESTING)
		.maxRegexProgramSize(100)
		.build();

	private static final CelCompiler COMPILER = compiler();

	private static final CelRuntime RUNTIME = CelRuntimeFactory.standardCelRuntimeBuilder().setOptions(OPTIONS).build();

	private RuleLanguage() {
	}

	/**
	 * The declared variables and their CEL types, in the order the README lists them.
	 * @return the variables by name
	 */
	public static Map<String, CelType> declaredVariables() {
		return VARIABLES;
	}

	/**
	 * Compiles and type-checks a rule.
	 * @param expression the CEL expression
	 * @param field where the expression stands in the policy, e.g. {@code areas[1].rule},
	 * named in CEL's messages instead of {@code <input>}
	 * @return the compiled rule
	 * @throws InvalidRuleException with CEL's message when it is not a valid {@code bool}
	 * expression over the declared variables within the bounds
	 */
	public static CompiledRule compile(String expression, String field) {
		Objects.requireNonNull(expression, "expression");
		try {
			return new CompiledRule(expression, RUNTIME.createProgram(COMPILER.compile(expression, field).getAst()));
		}
		catch (CelValidationException ex) {
			throw new InvalidRuleException(ex.getMessage(), ex);
		}
		catch (CelEvaluationException ex) {
			throw new InvalidRuleException(ex.getMessage(), ex);
		}
	}

	private static CelCompiler compiler() {
		CelCompilerBuilder builder = CelCompilerFactory.standardCelCompilerBuilder()
			.setOptions(OPTIONS)
			.setStandardMacros(CelStandardMacro.STANDARD_MACROS)
			// a rule that is not a bool is refused when the policy is saved, not at the
			// door
			.setResultType(SimpleType.BOOL);
		VARIABLES.forEach(builder::addVar);
		return builder.build();
	}

	private static Map<String, CelType> variables() {
		Map<String, CelType> variables = new LinkedHashMap<>();
		variables.put(TICKET_TYPE, SimpleType.STRING);
		variables.put(AREA, SimpleType.STRING);
		variables.put(CAPTURED_AT, SimpleType.TIMESTAMP);
		variables.put(LOCAL_DATE, SimpleType.STRING);
		variables.put(WEEKDAY, SimpleType.STRING);
		variables.put(TIME_OF_DAY, SimpleType.STRING);
		variables.put(MINUTE_OF_DAY, SimpleType.INT);
		variables.put(ENTRIES_TODAY, SimpleType.INT);
		variables.put(ENTRY_DAYS, SimpleType.INT);
		variables.put(ENTRIES_HERE, SimpleType.INT);
		variables.put(ENTRIES_HERE_TODAY, SimpleType.INT);
		variables.put(MINUTES_SINCE_LAST_ENTRY, SimpleType.INT);
		variables.put(INSIDE, SimpleType.BOOL);
		return Collections.unmodifiableMap(variables);
	}

}
