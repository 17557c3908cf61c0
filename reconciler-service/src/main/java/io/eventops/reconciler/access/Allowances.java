package io.eventops.reconciler.access;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.eventops.reconciler.web.DomainException;
import io.eventops.rules.decision.Escrow;
import io.eventops.rules.policy.CompiledPolicy;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Grants entry kiosks their admission allowances out of an area's free places (#36,
 * invariant 14), with entry-rules' {@link Escrow}: the arithmetic and its proof are
 * there, the state is here, in PostgreSQL. Grants of one area are serialised by a
 * transaction-scoped advisory lock on it, so the sum they keep within the capacity is
 * read and written by one grant at a time, across replicas.
 */
@Service
class Allowances {

	private static final String LOCK = "SELECT pg_advisory_xact_lock(hashtext('eventops.allowance:' || ? || ':' || ?))";

	// every kiosk's flushed net at the area: admissions (annulled ones too) minus exits.
	// An annulment gives its place back through inside-now, never through a reserve: the
	// one it annulled may have left already, and then no place came free (Escrow)
	private static final String NETS = """
			SELECT m.kiosk_id, sum(CASE WHEN m.type = 'EXIT' THEN -1 ELSE 1 END)
			FROM reconciler.movements m
			WHERE m.event_id = ? AND m.area_id = ? AND m.type IN ('CHECK_IN', 'EXIT')
			GROUP BY m.kiosk_id""";

	private static final String LEASES = """
			SELECT kiosk_id, net_limit, lease_until FROM reconciler.allowances WHERE event_id = ? AND area_id = ?""";

	private static final String UPSERT = """
			INSERT INTO reconciler.allowances (event_id, area_id, kiosk_id, net_limit, lease_until, granted_at)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (event_id, area_id, kiosk_id) DO UPDATE
			SET net_limit = excluded.net_limit, lease_until = excluded.lease_until, granted_at = excluded.granted_at""";

	private final JdbcTemplate jdbc;

	private final PolicyStore policies;

	private final AreaOccupancy occupancy;

	private final AllowanceProperties properties;

	private final Clock clock;

	Allowances(JdbcTemplate jdbc, PolicyStore policies, AreaOccupancy occupancy, AllowanceProperties properties,
			Clock clock) {
		this.jdbc = jdbc;
		this.policies = policies;
		this.occupancy = occupancy;
		this.properties = properties;
		this.clock = clock;
	}

	/**
	 * Renews a kiosk's allowance at its area.
	 * @param eventId the kiosk's event
	 * @param areaId its area
	 * @param kioskId the kiosk
	 * @param sharing the entry kiosks of the area (the kiosk among them)
	 * @return the allowance, or one without a limit for an area without a capacity
	 */
	@Transactional
	AllowanceAnswer grant(String eventId, String areaId, String kioskId, int sharing) {
		CompiledPolicy policy = this.policies.currentCompiled(eventId)
			.filter((current) -> current.area(areaId).isPresent())
			.orElseThrow(() -> DomainException.notFound("Area", areaId));
		Integer capacity = policy.area(areaId).orElseThrow().area().capacity();
		if (capacity == null) {
			return AllowanceAnswer.unlimited(areaId, policy.version());
		}
		this.jdbc.queryForList(LOCK, eventId, areaId);
		Instant now = this.clock.instant();
		// READ COMMITTED, each statement its own snapshot, and in this order: the nets
		// first, inside-now after. A batch that commits in between is then counted twice
		// (in a reserve, and in inside-now), never nowhere. Leases change only under the
		// lock, so the last grant's row is visible.
		Map<String, Long> nets = new HashMap<>();
		this.jdbc.query(NETS, (rs) -> {
			nets.put(rs.getString(1), rs.getLong(2));
		}, eventId, areaId);
		long flushedNets = nets.values().stream().mapToLong(Long::longValue).sum();
		long inside = this.occupancy.inside(eventId, policy, List.of(areaId), now).get(areaId);
		long othersReserved = 0;
		Long liveLimit = null;
		for (Lease lease : this.jdbc.query(LEASES,
				(rs, n) -> new Lease(rs.getString(1), rs.getLong(2), rs.getTimestamp(3).toInstant()), eventId,
				areaId)) {
			if (!lease.until().isAfter(now)) {
				// ended: its places went back to the area
				continue;
			}
			if (lease.kioskId().equals(kioskId)) {
				liveLimit = lease.limit();
			}
			else {
				othersReserved += Escrow.reserved(lease.limit(), nets.getOrDefault(lease.kioskId(), 0L));
			}
		}
		long ownFlushed = nets.getOrDefault(kioskId, 0L);
		long limit = Escrow.grant(capacity, Escrow.used(inside, flushedNets), othersReserved, ownFlushed, liveLimit,
				sharing);
		Instant until = now.plus(this.properties.lease());
		this.jdbc.update(UPSERT, eventId, areaId, kioskId, limit, Timestamp.from(until), Timestamp.from(now));
		return new AllowanceAnswer(areaId, capacity, limit, ownFlushed, until, this.properties.lease().toSeconds(),
				policy.version());
	}

	private record Lease(String kioskId, long limit, Instant until) {
	}

}
