package io.eventops.rules.decision;

import java.util.Objects;

/**
 * The outcome of one attempt: {@code ADMIT}, or {@code REFUSE} with exactly one reason.
 *
 * @param verdict admit or refuse
 * @param reason why refused; {@code null} when admitted
 * @param explanation for {@link Reason#RULE}, what the rule says (its explanation or its
 * text, or CEL's error code when it failed); else {@code null}
 */
public record Decision(Verdict verdict, Reason reason, String explanation) {

	private static final Decision ADMIT = new Decision(Verdict.ADMIT, null, null);

	public Decision {
		Objects.requireNonNull(verdict, "verdict");
		if ((verdict == Verdict.ADMIT) != (reason == null)) {
			throw new IllegalArgumentException("a refusal has exactly one reason, an admission none");
		}
		if ((reason == Reason.RULE) != (explanation != null)) {
			throw new IllegalArgumentException("only a refusal by the rule has an explanation");
		}
	}

	public static Decision admit() {
		return ADMIT;
	}

	public static Decision refuse(Reason reason) {
		return new Decision(Verdict.REFUSE, reason, null);
	}

	public static Decision refuseByRule(String explanation) {
		return new Decision(Verdict.REFUSE, Reason.RULE, explanation);
	}

	public boolean admitted() {
		return this.verdict == Verdict.ADMIT;
	}

}
