package io.eventops.rules.cel;

import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;

/**
 * One area's rule, compiled and type-checked once and evaluated for every attempt. The
 * CEL program is immutable, so one instance serves every thread.
 */
public final class CompiledRule {

	private final String expression;

	private final CelRuntime.Program program;

	CompiledRule(String expression, CelRuntime.Program program) {
		this.expression = expression;
		this.program = program;
	}

	public String expression() {
		return this.expression;
	}

	/**
	 * Evaluates the rule.
	 * @param facts the attempt's facts
	 * @return whether the rule admits
	 * @throws RuleEvaluationException when CEL fails on these facts
	 */
	public boolean admits(RuleFacts facts) {
		try {
			// the type checker made sure the result is a bool
			return (Boolean) this.program.eval(facts.variables());
		}
		catch (CelEvaluationException ex) {
			throw new RuleEvaluationException(ex.getMessage(), ex.getErrorCode().name(), ex);
		}
	}

	@Override
	public String toString() {
		return "CompiledRule[" + this.expression + "]";
	}

}
