package io.eventops.reconciler.access;

import java.time.Instant;

/**
 * A kiosk's admission allowance at its area (invariant 14): it may admit while its net
 * admissions there (admissions, annulled ones too, minus exits, over all its entries) are
 * below {@code limit}, until {@code leaseUntil}. Without a capacity there is no limit and
 * every field but the area and the version is absent.
 *
 * @param areaId the area
 * @param capacity the area's capacity, or {@code null}
 * @param limit the limit on the kiosk's net admissions, or {@code null}
 * @param flushedNet the kiosk's net as the server has it now, or {@code null}
 * @param leaseUntil when the server stops holding the places, or {@code null}
 * @param leaseSeconds the lease's length, or {@code null}: a kiosk times its lease from
 * when it asked, on its own clock, so that a kiosk clock behind the server's never admits
 * after the places went back
 * @param policyVersion the policy version the capacity is from
 */
record AllowanceAnswer(String areaId, Integer capacity, Long limit, Long flushedNet, Instant leaseUntil,
		Long leaseSeconds, long policyVersion) {

	static AllowanceAnswer unlimited(String areaId, long policyVersion) {
		return new AllowanceAnswer(areaId, null, null, null, null, null, policyVersion);
	}

}
