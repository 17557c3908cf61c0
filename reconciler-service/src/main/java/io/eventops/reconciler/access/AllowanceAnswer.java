package io.eventops.reconciler.access;

import java.time.Instant;

/**
 * A kiosk's admission allowance at its area (invariant 14): a grant of {@code places} the
 * kiosk may hold in its entries after {@code base} (entry-rules' {@code Escrow.held}: per
 * attendee, its admissions there minus the exits that follow one of theirs), until its
 * lease ends. The kiosk names the grant when it asks next. Without a capacity there is no
 * limit and every field but the area and the version is absent.
 *
 * @param areaId the area
 * @param capacity the area's capacity, or {@code null}
 * @param grant the grant's number, or {@code null}
 * @param base the seq after which the kiosk's entries count, or {@code null}
 * @param carried the attendees the kiosk let in before {@code base} that the grant
 * carries over (each holds a place until its exit at the kiosk), or {@code null}
 * @param places the places, or {@code null}
 * @param leaseUntil when the server stops holding the places, or {@code null}
 * @param leaseSeconds the lease's length, or {@code null}: a kiosk times its lease from
 * when it asked, on its own clock, so that a kiosk clock behind the server's never admits
 * after the places went back
 * @param policyVersion the policy version the capacity is from
 */
record AllowanceAnswer(String areaId, Integer capacity, Long grant, Long base, java.util.List<String> carried,
		Long places, Instant leaseUntil, Long leaseSeconds, long policyVersion) {

	static AllowanceAnswer unlimited(String areaId, long policyVersion) {
		return new AllowanceAnswer(areaId, null, null, null, null, null, null, null, policyVersion);
	}

}
