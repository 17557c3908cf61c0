package io.eventops.agent.http;

/**
 * The edge's answer to {@code POST /v1/kiosks/{kioskId}/admission-check}: decided from
 * the venue-wide history under the current policy version.
 *
 * @param decision {@code ADMIT} or {@code REFUSE}
 * @param reason the refusal's reason (entry-rules' list), or {@code null}
 * @param explanation for a refusal by the rule, what it says, or {@code null}
 * @param policyVersion the version decided under (0: the event has no policy)
 */
public record AdmissionAnswer(String decision, String reason, String explanation, long policyVersion) {
}
