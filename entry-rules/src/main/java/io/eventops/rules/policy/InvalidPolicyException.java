package io.eventops.rules.policy;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A policy that cannot be compiled, with every problem found in it.
 */
public class InvalidPolicyException extends RuntimeException {

	private final transient List<PolicyProblem> problems;

	public InvalidPolicyException(List<PolicyProblem> problems) {
		super(problems.stream()
			.map((problem) -> problem.field() + ": " + problem.message())
			.collect(Collectors.joining("; ", "invalid policy: ", "")));
		this.problems = List.copyOf(problems);
	}

	public List<PolicyProblem> problems() {
		return this.problems;
	}

}
