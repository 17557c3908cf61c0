package io.eventops.reconciler.access;

import io.eventops.rules.decision.Decision;

/**
 * The server's decision of an admission check.
 *
 * @param decision {@code ADMIT} or {@code REFUSE}
 * @param reason the reason of a refusal, else absent
 * @param explanation what a refusing rule says, else absent
 * @param policyVersion the version decided under; 0 for an event without a policy
 */
record AdmissionAnswer(String decision, String reason, String explanation, long policyVersion) {

	static AdmissionAnswer of(Decision decision, long policyVersion) {
		return new AdmissionAnswer(decision.verdict().name(),
				(decision.reason() != null) ? decision.reason().name() : null, decision.explanation(), policyVersion);
	}

}
