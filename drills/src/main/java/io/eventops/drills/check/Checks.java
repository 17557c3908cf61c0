package io.eventops.drills.check;

import java.util.ArrayList;
import java.util.List;

/**
 * The checks of one drill, in the order they ran.
 */
public final class Checks {

	private final List<Check> checks = new ArrayList<>();

	/**
	 * Adds a check.
	 * @param check the check
	 * @return this
	 */
	public Checks add(Check check) {
		this.checks.add(check);
		return this;
	}

	/**
	 * Every check.
	 * @return the checks
	 */
	public List<Check> all() {
		return List.copyOf(this.checks);
	}

	/**
	 * Whether every check passed.
	 * @return {@code true} when none failed
	 */
	public boolean allPassed() {
		return this.checks.stream().allMatch(Check::passed);
	}

	/**
	 * The failed checks.
	 * @return the failures
	 */
	public List<Check> failures() {
		return this.checks.stream().filter((check) -> !check.passed()).toList();
	}

}
