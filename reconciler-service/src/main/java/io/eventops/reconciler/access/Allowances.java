package io.eventops.reconciler.access;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.eventops.reconciler.web.DomainException;
import io.eventops.rules.decision.Escrow;
import io.eventops.rules.policy.CompiledPolicy;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Grants entry kiosks their admission allowances out of an area's free places (#36,
 * invariant 14), with entry-rules' {@link Escrow}: the arithmetic, the ledger and its
 * proof are there, the state is here, in PostgreSQL. Grants of one area are serialised by
 * a transaction-scoped advisory lock on it, so the sum they keep within the capacity is
 * read and written by one grant at a time, across replicas.
 */
@Service
class Allowances {

	private static final String LOCK = "SELECT pg_advisory_xact_lock(hashtext('eventops.allowance:' || ? || ':' || ?))";

	private static final String LEDGERS = """
			SELECT kiosk_id, grant_no, base_seq, places, lease_until, next_grant, next_base, next_places, between_held,
			  next_lease_until, carried, next_carried
			FROM reconciler.allowances WHERE event_id = ? AND area_id = ?""";

	private static final String RELEASE = "DELETE FROM reconciler.allowances WHERE event_id = ? AND area_id = ? AND kiosk_id = ?";

	// a kiosk's admissions (annulled ones too: an annulment frees its place through the
	// server's count, never through a ledger) and exits at the area in a seq range
	private static final String STEPS = """
			SELECT attendee_id, type, captured_at FROM reconciler.movements
			WHERE event_id = ? AND area_id = ? AND kiosk_id = ? AND type IN ('CHECK_IN', 'EXIT') AND seq > ? AND seq <= ?
			ORDER BY seq""";

	private static final String UPSERT = """
			INSERT INTO reconciler.allowances (event_id, area_id, kiosk_id, grant_no, base_seq, places, lease_until,
			  next_grant, next_base, next_places, between_held, next_lease_until, granted_at, carried, next_carried)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (event_id, area_id, kiosk_id) DO UPDATE
			SET grant_no = excluded.grant_no, base_seq = excluded.base_seq, places = excluded.places,
			  lease_until = excluded.lease_until, next_grant = excluded.next_grant, next_base = excluded.next_base,
			  next_places = excluded.next_places, between_held = excluded.between_held,
			  next_lease_until = excluded.next_lease_until, granted_at = excluded.granted_at,
			  carried = excluded.carried, next_carried = excluded.next_carried""";

	// attendees of the area whose last counted movement the server has is this kiosk's
	// admission (not annulled), at or before the new base: a new grant carries them
	private static final String LAST_ADMITTED_HERE = """
			SELECT attendee_id FROM (
			  SELECT DISTINCT ON (m.attendee_id) m.attendee_id, m.kiosk_id, m.type, m.seq
			  FROM reconciler.movements m
			  WHERE m.event_id = ? AND m.area_id = ? AND m.type IN ('CHECK_IN', 'EXIT')
			    AND (m.type = 'EXIT' OR NOT EXISTS (SELECT 1 FROM reconciler.movements a
			      WHERE a.attendee_id = m.attendee_id AND a.type = 'ANNUL' AND a.annuls = m.idempotency_key))
			  ORDER BY m.attendee_id, m.captured_at DESC, m.idempotency_key DESC) s
			WHERE kiosk_id = ? AND type = 'CHECK_IN' AND seq <= ?""";

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
	 * @param request the kiosk, how many entry kiosks share the area, the grant the kiosk
	 * holds and its acknowledged seq
	 * @return the new grant, or one without places for an area without a capacity
	 */
	@Transactional
	AllowanceAnswer grant(String eventId, String areaId, AllowanceRequest request) {
		CompiledPolicy policy = this.policies.currentCompiled(eventId)
			.filter((current) -> current.area(areaId).isPresent())
			.orElseThrow(() -> DomainException.notFound("Area", areaId));
		Integer capacity = policy.area(areaId).orElseThrow().area().capacity();
		if (capacity == null) {
			return AllowanceAnswer.unlimited(areaId, policy.version());
		}
		this.jdbc.queryForList(LOCK, eventId, areaId);
		Instant now = this.clock.instant();
		String kioskId = request.kioskId();
		Map<String, Escrow.Ledger> ledgers = new HashMap<>();
		this.jdbc.query(LEDGERS, (rs) -> {
			ledgers.put(rs.getString(1), ledger(rs));
		}, eventId, areaId);
		// the grant the kiosk holds, as it names it; a kiosk naming none holds none
		Escrow.Ledger current = ledgers.remove(kioskId);
		// a question that does not name the grant on its way gets it again, and changes
		// nothing (a lost answer, or a question that reached the lock late)
		Optional<Escrow.Held> again = (current != null) ? current.again(request.held(), now) : Optional.empty();
		if (again.isPresent()) {
			Escrow.Held pending = again.get();
			return new AllowanceAnswer(areaId, capacity, pending.grant(), pending.base(), pending.carried(),
					pending.places(), pending.until(), Duration.between(now, pending.until()).toSeconds(),
					policy.version());
		}
		Optional<Escrow.Held> held = (current != null)
				? current.taken(request.held(), (request.heldWhenTaken() != null) ? request.heldWhenTaken() : 0, now)
				: Optional.empty();
		long asked = (request.base() != null) ? request.base() : 0;
		// never below a base the server counts the kiosk from (found in review: a kiosk
		// naming no grant, with base 0, took its earlier admissions out of the count)
		long floor = (current != null) ? Math.max(current.base(), current.nextBase()) : 0;
		long base = Math.max(asked, held.map((grant) -> Math.max(floor, grant.base())).orElse(floor));
		long ledgerBase = held.map(Escrow.Held::base).orElse(base);
		List<String> ledgerCarried = held.map(Escrow.Held::carried).orElse(List.of());
		// the new grant carries whom the kiosk holds a place for and who are inside by
		// its
		// admission, as far as the server knows
		Escrow.Carry carry = held.isPresent()
				? Escrow.carry(Escrow.open(ledgerCarried, steps(eventId, areaId, kioskId, ledgerBase, base)), Set
					.copyOf(this.jdbc.queryForList(LAST_ADMITTED_HERE, String.class, eventId, areaId, kioskId, base)))
				: new Escrow.Carry(List.of(), 0);
		long between = carry.between();
		Others others = others(ledgers, now);
		others.bases().put(kioskId, ledgerBase);
		others.carried().put(kioskId, ledgerCarried);
		// READ COMMITTED, each statement its own snapshot: a batch that commits between
		// the two counts is in the larger one only, which takes no place from the
		// ledgers' side (the fair share is a share, not a bound)
		long outsideLedgers = this.occupancy.insideOutsideLedgers(eventId, policy, areaId, now, others.bases(),
				others.carried());
		long insideNow = this.occupancy.holding(eventId, policy, areaId, now);
		long places = carry.carried().size() + Escrow.grant(capacity, insideNow, outsideLedgers, others.reserved(),
				between + carry.carried().size(), request.sharing());
		long grant = this.jdbc.queryForObject("SELECT nextval('reconciler.allowance_grants')", Long.class);
		Instant until = now.plus(this.properties.lease());
		Escrow.Ledger next = Escrow.Ledger.granted(held.orElse(null), grant, base, carry.carried(), between, places,
				until);
		upsert(eventId, areaId, kioskId, next, now);
		return new AllowanceAnswer(areaId, capacity, grant, base, carry.carried(), places, until,
				this.properties.lease().toSeconds(), policy.version());
	}

	/**
	 * Holds places at an area with a capacity for admissions the server makes online
	 * itself, from a source of its own (an express code's check-ins): a ledger of that
	 * source's from base 0, of as many places as the source has admissions, kept within
	 * the capacity beside every kiosk's reserve as a grant is (invariant 14). While it is
	 * held, every entry of the source counts in the ledger, not in the server's count
	 * (also those an earlier try committed: found in review, a hold of the uncommitted
	 * ones only left those out of both); once released, in the count, so the places stay
	 * taken either way. A hold the server never released (a replica died) ends with its
	 * lease.
	 * @param eventId the event
	 * @param areaId the area, with a capacity under the policy
	 * @param capacity its capacity
	 * @param source the source of the admissions (no kiosk's id can spell it)
	 * @param admissions every admission of the source, committed or not
	 * @return the hold's number, to {@link #release} it by; empty when the free places do
	 * not cover them all (nothing is held then)
	 */
	@Transactional
	Optional<Long> hold(String eventId, String areaId, int capacity, String source, int admissions) {
		CompiledPolicy policy = this.policies.currentCompiled(eventId).orElseThrow();
		this.jdbc.queryForList(LOCK, eventId, areaId);
		Instant now = this.clock.instant();
		// an earlier hold of the same source (an attempt whose code another station took
		// over: its check-ins committed before the takeover, or never will, V17) is
		// replaced
		this.jdbc.update(RELEASE, eventId, areaId, source);
		Map<String, Escrow.Ledger> ledgers = new HashMap<>();
		this.jdbc.query(LEDGERS, (rs) -> {
			ledgers.put(rs.getString(1), ledger(rs));
		}, eventId, areaId);
		Others others = others(ledgers, now);
		others.bases().put(source, 0L);
		others.carried().put(source, List.of());
		long outsideLedgers = this.occupancy.insideOutsideLedgers(eventId, policy, areaId, now, others.bases(),
				others.carried());
		if (capacity - outsideLedgers - others.reserved() < admissions) {
			return Optional.empty();
		}
		long grant = this.jdbc.queryForObject("SELECT nextval('reconciler.allowance_grants')", Long.class);
		upsert(eventId, areaId, source,
				Escrow.Ledger.granted(null, grant, 0, List.of(), 0, admissions, now.plus(this.properties.lease())),
				now);
		return Optional.of(grant);
	}

	/**
	 * Lets a {@link #hold} go once its admissions are committed (or failed): they count
	 * in the server's count from then on. Only that hold: found in review, an attempt
	 * fenced out of its code let go the hold of the station that took the code over.
	 * @param eventId the event
	 * @param areaId the area
	 * @param source the source of the admissions
	 * @param hold the hold's number
	 */
	@Transactional
	void release(String eventId, String areaId, String source, long hold) {
		this.jdbc.queryForList(LOCK, eventId, areaId);
		this.jdbc.update(RELEASE + " AND next_grant = ?", eventId, areaId, source, hold);
	}

	// the live ledgers' bases, carried attendees and the sum of their reserves
	private static Others others(Map<String, Escrow.Ledger> ledgers, Instant now) {
		Map<String, Long> bases = new HashMap<>();
		Map<String, List<String>> carried = new HashMap<>();
		long reserved = 0;
		for (Map.Entry<String, Escrow.Ledger> other : ledgers.entrySet()) {
			if (other.getValue().live(now)) {
				bases.put(other.getKey(), other.getValue().base());
				carried.put(other.getKey(), other.getValue().carried());
				reserved += other.getValue().reserve(now);
			}
		}
		return new Others(bases, carried, reserved);
	}

	private record Others(Map<String, Long> bases, Map<String, List<String>> carried, long reserved) {
	}

	private void upsert(String eventId, String areaId, String kioskId, Escrow.Ledger next, Instant now) {
		this.jdbc.update((connection) -> {
			var upsert = connection.prepareStatement(UPSERT);
			Object[] values = { eventId, areaId, kioskId, next.grant(), next.base(), next.places(),
					Timestamp.from(next.until()), next.next(), next.nextBase(), next.nextPlaces(), next.between(),
					Timestamp.from(next.nextUntil()), Timestamp.from(now) };
			for (int i = 0; i < values.length; i++) {
				upsert.setObject(i + 1, values[i]);
			}
			upsert.setArray(14, connection.createArrayOf("text", next.carried().toArray()));
			upsert.setArray(15, connection.createArrayOf("text", next.nextCarried().toArray()));
			return upsert;
		});
	}

	private List<Escrow.Step> steps(String eventId, String areaId, String kioskId, long after, long upTo) {
		if (upTo <= after) {
			return List.of();
		}
		return this.jdbc.query(STEPS, (rs, n) -> new Escrow.Step(rs.getString(1), "CHECK_IN".equals(rs.getString(2)),
				rs.getTimestamp(3).toInstant()), eventId, areaId, kioskId, after, upTo);
	}

	private static Escrow.Ledger ledger(ResultSet rs) throws SQLException {
		long grant = rs.getLong(2);
		Long held = rs.wasNull() ? null : grant;
		return new Escrow.Ledger(held, rs.getLong(3), texts(rs, 11), rs.getLong(4), rs.getTimestamp(5).toInstant(),
				rs.getLong(6), rs.getLong(7), texts(rs, 12), rs.getLong(8), rs.getLong(9),
				rs.getTimestamp(10).toInstant());
	}

	private static List<String> texts(ResultSet rs, int column) throws SQLException {
		return List.of((String[]) rs.getArray(column).getArray());
	}

}
