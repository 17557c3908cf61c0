package io.eventops.agent.admission;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

import io.eventops.agent.cache.AttendeeCache;
import io.eventops.agent.cache.KioskPlacement;
import io.eventops.agent.http.AllowanceReply;
import io.eventops.agent.http.EdgeClient;
import io.eventops.agent.log.KioskLog;
import io.eventops.agent.log.StoredAllowance;
import io.eventops.rules.decision.Escrow;
import io.eventops.rules.decision.Occupancy;
import io.eventops.rules.policy.CompiledPolicy;

/**
 * This kiosk's admission allowance at its area (#36, invariant 14): renewed from the edge
 * after each flush round, kept in the log's database, and turned into the occupancy the
 * decision reads with entry-rules' {@link Escrow}. The kiosk admits, online or offline,
 * only while what it holds after its grant's base ({@link Escrow#held}: an exit gives a
 * place back only for someone it let in since) is below the grant's places, and names the
 * grant when it asks again (one question at a time); not at all from the lease's end
 * minus {@link #LEASE_MARGIN} by its own clock (the skew the time rules tolerate), nor
 * beyond the log's retention after it asked (the entries it counts must still be in the
 * log).
 */
public final class AllowanceKeeper {

	/** How long before its lease's end the kiosk stops admitting. */
	public static final Duration LEASE_MARGIN = Duration.ofMinutes(2);

	private final KioskLog log;

	private final AttendeeCache cache;

	private final EdgeClient edge;

	private final Duration budget;

	private final Duration retention;

	private final Clock clock;

	/**
	 * The keeper of one kiosk.
	 * @param log its log (where the allowance is kept)
	 * @param cache its cache (placement and policy)
	 * @param edge its edge client
	 * @param budget how long to wait for a renewal
	 * @param retention the log's retention of acknowledged entries
	 * @param clock the kiosk clock
	 */
	public AllowanceKeeper(KioskLog log, AttendeeCache cache, EdgeClient edge, Duration budget, Duration retention,
			Clock clock) {
		this.log = log;
		this.cache = cache;
		this.edge = edge;
		this.budget = budget;
		this.retention = retention;
		this.clock = clock;
	}

	/**
	 * Whether this kiosk admits under an allowance: it has an area, is no exit kiosk, and
	 * its cached policy gives the area a capacity.
	 * @return the area's policy, when so
	 */
	Optional<CompiledPolicy> capacityPolicy() {
		KioskPlacement placement = this.cache.placement();
		if (placement.areaId() == null || placement.direction() == KioskPlacement.Direction.EXIT) {
			return Optional.empty();
		}
		return this.cache.policy()
			.filter((policy) -> policy.area(placement.areaId())
				.map((area) -> area.area().capacity() != null)
				.orElse(false));
	}

	/**
	 * Asks the edge for a renewed allowance and keeps it, when the kiosk admits under
	 * one. One question at a time: the server keeps the grant the kiosk names and the one
	 * on its way, no more.
	 * @return whether a new allowance was kept
	 */
	public synchronized boolean renew() {
		if (capacityPolicy().isEmpty()) {
			return false;
		}
		String areaId = this.cache.placement().areaId();
		Optional<StoredAllowance> held = this.log.allowance()
			.filter((kept) -> areaId.equals(kept.areaId()) && kept.grant() != null);
		// the watermark before asking: the server has every entry up to it, and the new
		// grant counts the entries after it
		long acknowledged = this.log.state().lastAckedSeq();
		// and the time: the lease runs from no earlier than this on the server, so timed
		// from it on this clock it ends no later than there, however far the clocks
		// differ
		OffsetDateTime asked = OffsetDateTime.now(this.clock);
		Optional<AllowanceReply> reply = this.edge.allowance(this.budget, held.map(StoredAllowance::grant).orElse(null),
				held.map(StoredAllowance::heldWhenTaken).orElse(0L), acknowledged);
		if (reply.isEmpty()) {
			return false;
		}
		AllowanceReply granted = reply.get();
		OffsetDateTime leaseUntil = (granted.leaseSeconds() != null) ? asked.plusSeconds(granted.leaseSeconds())
				: granted.leaseUntil();
		this.log.takeAllowance(new StoredAllowance(granted.areaId(), granted.capacity(), granted.grant(),
				(granted.base() != null) ? granted.base() : acknowledged, granted.carried(), granted.places(), 0,
				leaseUntil, asked));
		return true;
	}

	/**
	 * The occupancy an admission at the area is decided with, in the log's transaction
	 * (so two scans at once see each other's entries).
	 * @param areaId the kiosk's area
	 * @param at the kiosk's clock
	 * @return the occupancy, or empty when the area has no capacity
	 */
	Optional<Occupancy> occupancy(String areaId, Instant at) {
		if (capacityPolicy().isEmpty()) {
			return Optional.empty();
		}
		Optional<StoredAllowance> stored = this.log.allowance().filter((kept) -> areaId.equals(kept.areaId()));
		if (stored.isEmpty() || stored.get().capacity() == null || stored.get().places() == null
				|| stored.get().leaseUntil() == null) {
			// no grant, or the server knows no capacity (an older policy than the
			// cache's): the next renewal tells; until then, no places
			return Optional.of(Escrow.occupancy(null, 0, at, LEASE_MARGIN));
		}
		StoredAllowance allowance = stored.get();
		Instant leaseUntil = allowance.leaseUntil().toInstant();
		Instant kept = allowance.receivedAt().toInstant().plus(this.retention);
		Instant until = leaseUntil.isBefore(kept) ? leaseUntil : kept;
		long held = this.log.heldSince(areaId, allowance.base(), allowance.carried());
		return Optional.of(Escrow.occupancy(new Escrow.Allowance(allowance.places(), until), held, at, LEASE_MARGIN));
	}

	/**
	 * What staff mode shows of the allowance.
	 * @return the places left and the lease, or empty when the kiosk admits under none
	 */
	public Optional<Status> status() {
		Optional<CompiledPolicy> policy = capacityPolicy();
		if (policy.isEmpty()) {
			return Optional.empty();
		}
		String areaId = this.cache.placement().areaId();
		Optional<StoredAllowance> stored = this.log.allowance().filter((kept) -> areaId.equals(kept.areaId()));
		long left = occupancy(areaId, this.clock.instant()).map(Occupancy::capacity).orElse(0L);
		return Optional.of(new Status(areaId, left, stored.map(StoredAllowance::places).orElse(null),
				stored.map(StoredAllowance::leaseUntil).orElse(null)));
	}

	/**
	 * The allowance as staff see it.
	 *
	 * @param areaId the area
	 * @param placesLeft how many more this kiosk may admit now
	 * @param places the places of its grant, or {@code null} before the first grant
	 * @param leaseUntil the lease's end, or {@code null}
	 */
	public record Status(String areaId, long placesLeft, Long places, OffsetDateTime leaseUntil) {
	}

}
