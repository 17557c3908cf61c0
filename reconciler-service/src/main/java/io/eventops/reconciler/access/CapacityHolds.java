package io.eventops.reconciler.access;

import java.time.Instant;
import java.util.Optional;

import io.eventops.reconciler.web.DomainException;
import io.eventops.reconciler.web.ReconcilerProblem;
import io.eventops.rules.policy.CompiledPolicy;

import org.springframework.stereotype.Service;

/**
 * Places held for check-ins the server makes online itself (an express code's, #36,
 * invariant 14). They name no area, so under a policy they count at its badge area; when
 * that area has a capacity, the places are held beside every kiosk's escrowed reserve
 * before the check-ins are written, and the check-ins are refused {@code area-full} when
 * the free places do not cover them all. Without the hold they would take an area whose
 * places the kiosks' allowances hold over its capacity.
 */
@Service
public class CapacityHolds {

	private final PolicyStore policies;

	private final Allowances allowances;

	CapacityHolds(PolicyStore policies, Allowances allowances) {
		this.policies = policies;
		this.allowances = allowances;
	}

	/**
	 * Holds places for check-ins without an area at the badge area they count at, when it
	 * has a capacity: the badge area of the policy version in force at their capture, as
	 * the check-ins are placed (found in review: held at the current version's badge
	 * area, a code first claimed before badge printing moved checked in at the old one
	 * without a hold), under the capacity that area has now.
	 * @param eventId the event
	 * @param source the check-ins' source, one no kiosk's id can spell
	 * @param admissions every check-in of the source, committed or not
	 * @param capturedAt their capture time
	 * @return the hold, to {@link #release} once the check-ins are written or failed;
	 * empty when the event has no policy or that area no capacity
	 * @throws DomainException {@code area-full} (409) when the free places do not cover
	 * them all; nothing is held then
	 */
	public Optional<Hold> hold(String eventId, String source, int admissions, Instant capturedAt) {
		Optional<CompiledPolicy> current = this.policies.currentCompiled(eventId);
		if (current.isEmpty()) {
			return Optional.empty();
		}
		long version = this.policies.timeline(eventId).versionFor(null, capturedAt);
		String areaId = this.policies.compiled(eventId, version).orElseThrow().badgeArea().area().areaId();
		Integer capacity = current.get().area(areaId).map((area) -> area.area().capacity()).orElse(null);
		if (capacity == null) {
			return Optional.empty();
		}
		Optional<Long> held = this.allowances.hold(eventId, areaId, capacity, source, admissions);
		if (held.isEmpty()) {
			throw DomainException.conflict(ReconcilerProblem.AREA_FULL,
					"Area '" + areaId + "' has no " + admissions + " free places for these check-ins: its capacity is "
							+ capacity + ", counting who is inside and the places the kiosks' allowances hold.");
		}
		return Optional.of(new Hold(eventId, areaId, source, held.get()));
	}

	/**
	 * Lets a hold go: the check-ins it covered count in the server's count from now on.
	 * @param hold the hold
	 */
	public void release(Hold hold) {
		this.allowances.release(hold.eventId(), hold.areaId(), hold.source(), hold.number());
	}

	/**
	 * Places held at an area.
	 *
	 * @param eventId the event
	 * @param areaId the area
	 * @param source the check-ins' source
	 * @param number the hold's number (its ledger's grant)
	 */
	public record Hold(String eventId, String areaId, String source, long number) {
	}

}
