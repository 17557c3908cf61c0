package io.eventops.rules.policy;

import io.eventops.rules.cel.CompiledRule;

import java.util.Optional;

/**
 * An area of a compiled policy with its rule compiled.
 *
 * @param area the area as written
 * @param rule its compiled rule, empty when it has none
 */
public record CompiledArea(Area area, Optional<CompiledRule> rule) {

	public String areaId() {
		return this.area.areaId();
	}

	/**
	 * What a refusal by the rule says.
	 * @return the area's explanation, else the rule's text
	 */
	public String ruleExplanation() {
		String explanation = this.area.ruleExplanation();
		return (explanation != null && !explanation.isBlank()) ? explanation : this.area.rule();
	}

}
