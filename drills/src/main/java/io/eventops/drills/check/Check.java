package io.eventops.drills.check;

import java.util.List;

/**
 * One invariant checked after a drill.
 *
 * @param name what is checked
 * @param expected the expected value
 * @param actual what was found
 * @param passed whether it holds
 */
public record Check(String name, String expected, String actual, boolean passed) {

	/**
	 * A check of equality.
	 * @param name what is checked
	 * @param expected the expected value
	 * @param actual what was found
	 * @return the check
	 */
	public static Check equal(String name, Object expected, Object actual) {
		return new Check(name, String.valueOf(expected), String.valueOf(actual),
				String.valueOf(expected).equals(String.valueOf(actual)));
	}

	/**
	 * A check of a condition.
	 * @param name what is checked
	 * @param expected what should hold, in words
	 * @param actual what was found
	 * @param passed whether it holds
	 * @return the check
	 */
	public static Check that(String name, String expected, Object actual, boolean passed) {
		return new Check(name, expected, String.valueOf(actual), passed);
	}

	/**
	 * The same check with another actual value and verdict.
	 * @param value what was found
	 * @param holds whether it holds
	 * @return the check
	 */
	public Check withActual(String value, boolean holds) {
		return new Check(this.name, this.expected, value, holds);
	}

	/**
	 * The checks as a Markdown table, then the verdict line.
	 * @param checks the checks
	 * @return the Markdown
	 */
	public static String markdown(List<Check> checks) {
		StringBuilder md = new StringBuilder("| invariant | expected | actual | result |\n|---|---|---|---|\n");
		for (Check check : checks) {
			md.append(String.format("| %s | %s | %s | %s |%n", check.name(), check.expected(), check.actual(),
					check.passed() ? "PASS" : "**FAIL**"));
		}
		boolean passed = checks.stream().allMatch(Check::passed);
		return md.append("\nResult: ")
			.append(passed ? "every invariant holds" : "**an invariant broke**")
			.append(".\n")
			.toString();
	}

}
