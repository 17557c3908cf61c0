package io.eventops.reconciler.express;

import java.security.SecureRandom;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.FlushEntry;
import io.eventops.model.flush.Outcome;
import io.eventops.model.express.ExpressCodeText;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.reconciler.access.CapacityHolds;
import io.eventops.reconciler.checkin.BatchReconciler;
import io.eventops.reconciler.config.ReconcilerProperties;
import io.eventops.reconciler.web.DomainException;
import io.eventops.reconciler.web.ReconcilerProblem;
import io.eventops.web.Refusal.Kind;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Issues, replaces and redeems express codes. A redemption claims the code with a lease
 * in one short transaction before any write, applies the check-ins through the batch path
 * with keys derived from the code (so a resumed attempt is a replay, never a twin), then
 * stores the result on the code; a failure in between gives the lease back at once, and
 * once check-ins of the attempt committed no other attempt may redeem or replace the
 * code. The lease only keeps other stations waiting: the check-ins' own transaction locks
 * the code's row and commits only for the selection of the attempt that claimed it last
 * (V17), so an attempt whose lease ran out on the way never commits beside another.
 */
@Service
class ExpressCodes {

	// Crockford's base32 without I, L, O, U (ExpressCodeText.newCode): nothing to
	// misread at a busy desk
	private final SecureRandom random = new SecureRandom();

	private final JdbcTemplate jdbc;

	private final TransactionTemplate transactions;

	private final BatchReconciler reconciler;

	private final CapacityHolds holds;

	private final JsonMapper json;

	private final Duration leaseTtl;

	private final Duration validity;

	private final Clock clock;

	ExpressCodes(JdbcTemplate jdbc, TransactionTemplate transactions, BatchReconciler reconciler, CapacityHolds holds,
			JsonMapper json, ReconcilerProperties properties, Clock clock) {
		this.jdbc = jdbc;
		this.transactions = transactions;
		this.reconciler = reconciler;
		this.holds = holds;
		this.json = json;
		this.leaseTtl = properties.expressLeaseTtl();
		this.validity = properties.expressValidity();
		this.clock = clock;
	}

	ExpressCode create(String eventId, CodeRequest request) {
		List<String> attendees = request.attendeeIds().stream().distinct().toList();
		IssuedCode issued = IssuedCode.issue(this.clock, newCode(), eventId, attendees,
				(request.expiresAt() != null) ? request.expiresAt().toInstant() : null, this.validity);
		return this.transactions.execute((status) -> {
			Integer known = this.jdbc.queryForObject(
					"SELECT count(*) FROM reconciler.attendees WHERE event_id = ? AND attendee_id = ANY(?)",
					Integer.class, eventId, attendees.toArray(new String[0]));
			if (known == null || known != attendees.size()) {
				throw DomainException.invalid(ReconcilerProblem.UNKNOWN_ATTENDEES,
						"Every attendee of an express code must be registered for event '" + eventId + "'.");
			}
			return insert(issued);
		});
	}

	ExpressCode replace(String code) {
		return this.transactions.execute((status) -> {
			IssuedCode.Replacement replacement = lock(code).replace(newCode());
			ExpressCode fresh = insert(replacement.fresh());
			this.jdbc.update("UPDATE reconciler.express_codes SET replaced_by = ? WHERE code = ?",
					replacement.replaced().replacedBy(), replacement.replaced().code());
			return fresh;
		});
	}

	Redemption redeem(String code, RedeemRequest request) {
		if (request.clientSubmissionId() == null || request.clientSubmissionId().isBlank()
				|| request.clientSubmissionId().length() > 128) {
			throw DomainException.invalid(ReconcilerProblem.MISSING_CLIENT_SUBMISSION_ID,
					"clientSubmissionId is required (the same on every retry of one attempt).");
		}
		String attempt = request.clientSubmissionId();
		String token = "claim:" + UUID.randomUUID();
		IssuedCode claimed = this.transactions.execute((status) -> claim(code, request, token));
		if (claimed.isUsed()) {
			return new Redemption(claimed.code(), true, readResult(claimed.code()));
		}
		try {
			Redemption.Result result = checkIn(claimed, request);
			// stored for this attempt, whether or not it still holds the lease: a retry
			// of the same attempt may have taken the lease over, and its result is the
			// same
			this.transactions.executeWithoutResult((status) -> {
				IssuedCode current = lock(claimed.code());
				if (current.heldBy(attempt)) {
					IssuedCode used = current.use(attempt);
					this.jdbc.update("""
							UPDATE reconciler.express_codes SET used_at = ?, result = ?::jsonb, claim_token = NULL,
							  claim_expires_at = NULL WHERE code = ?""", Timestamp.from(used.usedAt()),
							this.json.writeValueAsString(result), used.code());
				}
			});
			return new Redemption(claimed.code(), false, result);
		}
		catch (RuntimeException ex) {
			// give the lease back now, so that a deliberate retry does not wait it out;
			// once check-ins of this attempt committed, the code stays this attempt's
			// without a lease (IssuedCode.checkedIn)
			this.jdbc.update("""
					UPDATE reconciler.express_codes SET claim_token = NULL, claim_expires_at = NULL
					WHERE code = ? AND claim_token = ?""", claimed.code(), token);
			throw ex;
		}
	}

	private IssuedCode claim(String code, RedeemRequest request, String token) {
		IssuedCode claimed = lock(code).claim(request.eventId(), request.clientSubmissionId(), request.attendeeIds(),
				this.leaseTtl);
		if (!claimed.isUsed()) {
			this.jdbc.update("""
					UPDATE reconciler.express_codes SET claim_token = ?, claim_expires_at = ?, client_submission_id = ?,
					  selection = ?, first_claimed_at = ? WHERE code = ?""", token,
					Timestamp.from(claimed.leaseExpiresAt()), claimed.attempt(),
					claimed.selection().toArray(new String[0]), Timestamp.from(claimed.firstClaimedAt()),
					claimed.code());
		}
		return claimed;
	}

	private Redemption.Result checkIn(IssuedCode claim, RedeemRequest request) {
		String source = sourceOf(claim.code());
		// the time of the code's first claim, not now: a resumed attempt must send the
		// same
		// payload for the same key, or its replay would be taken for key reuse (invariant
		// 3)
		OffsetDateTime capturedAt = claim.firstClaimedAt().atOffset(ZoneOffset.UTC);
		List<ReconcileEntry> entries = new ArrayList<>();
		for (String attendee : claim.selection()) {
			// deterministic key: the attendee's position in the code, whatever the
			// selection
			long seq = claim.attendeeIds().indexOf(attendee) + 1;
			FlushEntry entry = new FlushEntry(seq, FlushEntry.keyOf(source, seq), EntryType.CHECK_IN, attendee,
					capturedAt, capturedAt, false, null);
			entries.add(ReconcileEntry.valid(entry, "{\"expressCode\":\"" + claim.code() + "\",\"attendeeId\":\""
					+ attendee + "\",\"seq\":" + seq + "}", List.of()));
		}
		List<EntryResult> results;
		// under a policy they count at its badge area: with a capacity there, their
		// places
		// are held beside the kiosks' allowances first (invariant 14), or the redemption
		// is refused area-full and the code stays unused; an attempt whose check-ins all
		// committed before holds nothing
		Integer committed = this.jdbc.queryForObject(
				"SELECT count(*) FROM reconciler.processed_entries WHERE idempotency_key = ANY(?) AND outcome <> 'REJECTED'",
				Integer.class, (Object) entries.stream().map(ReconcileEntry::idempotencyKey).toArray(String[]::new));
		Optional<CapacityHolds.Hold> hold = (committed == null || committed < entries.size())
				? this.holds.hold(request.eventId(), source, entries.size(), capturedAt.toInstant()) : Optional.empty();
		try {
			results = this.reconciler
				.reconcile(new ReconcileRequest(source, request.eventId(), request.printerPool(), entries))
				.results();
		}
		catch (DataAccessException ex) {
			if (fencedOut(ex)) {
				// V17: another attempt claimed the code for another selection while these
				// check-ins were on their way; their transaction rolled back
				throw DomainException.conflict(ReconcilerProblem.IN_FLIGHT, "Another station took code " + claim.code()
						+ " over while this attempt's check-ins were on their way; none was stored.");
			}
			throw ex;
		}
		finally {
			// written or failed: what committed counts in the server's count from now
			hold.ifPresent(this.holds::release);
		}
		if (results.stream()
			.anyMatch((result) -> !result.outcome().isFinal() || result.outcome() == Outcome.REJECTED)) {
			throw new DomainException(Kind.UNAVAILABLE, ReconcilerProblem.RETRY, "Retry",
					"The check-ins of this code could not all be applied yet; retry with the same clientSubmissionId.");
		}
		List<String> jobs = this.jdbc.queryForList("""
				SELECT j.job_id::text FROM reconciler.badge_jobs j JOIN reconciler.attendees a
				  ON a.attendee_id = j.attendee_id AND a.credential_version = j.credential_version
				WHERE j.attendee_id = ANY(?) ORDER BY j.attendee_id""", String.class,
				(Object) claim.selection().toArray(new String[0]));
		return new Redemption.Result(claim.selection(), jobs);
	}

	/**
	 * The source an express code's check-ins are recorded under, in the place of a kiosk
	 * id: its keys are {@code xc:{code}:{seq}}, its claims
	 * {@code ckin:claim:{xc:{code}}:{seq}}. Kiosk ids have no colon, so no kiosk's key or
	 * claim can ever be a code's (invariants 1 and 3).
	 * @param code the code, canonical
	 * @return {@code xc:} and the code
	 */
	static String sourceOf(String code) {
		return "xc:" + code;
	}

	private static final String FENCED_OUT = "EX001";

	// the source of a code's check-ins before issue #42 (xc- and the code in lower case)
	private static final String PREVIOUS_SOURCE_PREFIX = "xc-";

	private ExpressCode insert(IssuedCode issued) {
		this.jdbc.update("""
				INSERT INTO reconciler.express_codes (code, event_id, attendee_ids, expires_at) VALUES (?, ?, ?, ?)""",
				issued.code(), issued.eventId(), issued.attendeeIds().toArray(new String[0]),
				Timestamp.from(issued.expiresAt()));
		return new ExpressCode(issued.code(), issued.attendeeIds(), issued.expiresAt());
	}

	private IssuedCode lock(String code) {
		String canonical = ExpressCodeText.canonicalOrNull(code);
		// the row lock first, what committed in a statement of its own: under READ
		// COMMITTED a statement that waited for the row lock still reads other tables as
		// they were when it began, and a claim waits for the check-in transaction that
		// passed the code's fence (V17) to end: read in that statement, the check-ins it
		// committed would be missed and the code claimed for another selection
		if (this.jdbc
			.queryForList("SELECT code FROM reconciler.express_codes WHERE code = ? FOR UPDATE", String.class,
					canonical)
			.isEmpty()) {
			throw new DomainException(Kind.NOT_FOUND, ReconcilerProblem.UNKNOWN_CODE, "Unknown code",
					"No express code '" + code + "'.");
		}
		// checked in: a guard row of one of the code's keys (xc:{code}:{position}) that
		// is not a rejection, written in the transaction of the check-in; also under the
		// previous release's keys (xc-{code in lower case}:{position}), so that a code
		// whose check-ins an old replica committed stays that attempt's across a rolling
		// deploy; the row's attendee must be the code's at that position, since a kiosk
		// provisioned before the reserved ids under such a name holds keys of that form
		return this.jdbc.queryForObject("""
				SELECT code, event_id, attendee_ids, expires_at, replaced_by, client_submission_id, selection,
				  claim_expires_at, first_claimed_at, used_at,
				  EXISTS (SELECT 1 FROM generate_series(1, cardinality(attendee_ids)) AS g(n)
				    CROSS JOIN unnest(ARRAY[?, ?]) AS s(source)
				    JOIN reconciler.processed_entries p ON p.idempotency_key = s.source || ':' || g.n
				    WHERE p.attendee_id = attendee_ids[g.n] AND p.outcome <> 'REJECTED')
				FROM reconciler.express_codes WHERE code = ?""", this::row,
				(canonical != null) ? sourceOf(canonical) : null,
				(canonical != null) ? PREVIOUS_SOURCE_PREFIX + canonical.toLowerCase(Locale.ROOT) : null, canonical);
	}

	// the SQLSTATE of V17's fence: the code is not held for these check-ins
	private static boolean fencedOut(DataAccessException failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof SQLException sql && sql.getSQLState() != null) {
				return FENCED_OUT.equals(sql.getSQLState());
			}
		}
		return false;
	}

	private Redemption.Result readResult(String code) {
		String stored = this.jdbc.queryForObject("SELECT result::text FROM reconciler.express_codes WHERE code = ?",
				String.class, code);
		return this.json.readValue(stored, Redemption.Result.class);
	}

	private IssuedCode row(ResultSet rs, int n) throws SQLException {
		return new IssuedCode(this.clock, rs.getString(1), rs.getString(2), strings(rs.getArray(3)),
				rs.getTimestamp(4).toInstant(), rs.getString(5), rs.getString(6), strings(rs.getArray(7)),
				instant(rs.getTimestamp(8)), instant(rs.getTimestamp(9)), instant(rs.getTimestamp(10)),
				rs.getBoolean(11));
	}

	private static List<String> strings(Array array) throws SQLException {
		return (array != null) ? Arrays.asList((String[]) array.getArray()) : null;
	}

	private static Instant instant(Timestamp timestamp) {
		return (timestamp != null) ? timestamp.toInstant() : null;
	}

	private String newCode() {
		return ExpressCodeText.newCode(this.random);
	}

}
