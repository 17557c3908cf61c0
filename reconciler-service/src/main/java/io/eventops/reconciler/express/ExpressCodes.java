package io.eventops.reconciler.express;

import java.security.SecureRandom;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;

import io.eventops.model.flush.EntryResult;
import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.FlushEntry;
import io.eventops.model.flush.Outcome;
import io.eventops.model.express.ExpressCodeText;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.reconciler.checkin.BatchReconciler;
import io.eventops.reconciler.config.ReconcilerProperties;
import io.eventops.reconciler.web.DomainException;
import io.eventops.reconciler.web.ReconcilerProblem;
import io.eventops.web.Refusal.Kind;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Issues, replaces and redeems express codes. A redemption claims the code with a lease
 * in one short transaction before any write, applies the check-ins through the batch path
 * with keys derived from the code (so a resumed attempt is a replay, never a twin), then
 * stores the result on the code; a failure in between gives the lease back at once.
 */
@Service
class ExpressCodes {

	// Crockford's base32 without I, L, O, U: nothing to misread at a busy desk
	private static final char[] ALPHABET = ExpressCodeText.ALPHABET.toCharArray();

	private final SecureRandom random = new SecureRandom();

	private final JdbcTemplate jdbc;

	private final TransactionTemplate transactions;

	private final BatchReconciler reconciler;

	private final JsonMapper json;

	private final Duration leaseTtl;

	private final Duration validity;

	ExpressCodes(JdbcTemplate jdbc, TransactionTemplate transactions, BatchReconciler reconciler, JsonMapper json,
			ReconcilerProperties properties) {
		this.jdbc = jdbc;
		this.transactions = transactions;
		this.reconciler = reconciler;
		this.json = json;
		this.leaseTtl = properties.expressLeaseTtl();
		this.validity = properties.expressValidity();
	}

	ExpressCode create(String eventId, CodeRequest request) {
		List<String> attendees = request.attendeeIds().stream().distinct().toList();
		Instant expiresAt = (request.expiresAt() != null) ? request.expiresAt().toInstant()
				: Instant.now().plus(this.validity);
		if (!expiresAt.isAfter(Instant.now())) {
			throw DomainException.invalid(ReconcilerProblem.INVALID_EXPIRY, "expiresAt must be in the future.");
		}
		return this.transactions.execute((status) -> {
			Integer known = this.jdbc.queryForObject(
					"SELECT count(*) FROM reconciler.attendees WHERE event_id = ? AND attendee_id = ANY(?)",
					Integer.class, eventId, attendees.toArray(new String[0]));
			if (known == null || known != attendees.size()) {
				throw DomainException.invalid(ReconcilerProblem.UNKNOWN_ATTENDEES,
						"Every attendee of an express code must be registered for event '" + eventId + "'.");
			}
			return insert(eventId, attendees, expiresAt);
		});
	}

	ExpressCode replace(String code) {
		return this.transactions.execute((status) -> {
			CodeRow row = lock(code);
			if (row.replacedBy() != null || row.usedAt() != null) {
				throw DomainException.conflict(ReconcilerProblem.NOT_REPLACEABLE,
						"Code " + row.code() + " was already " + ((row.usedAt() != null) ? "used." : "replaced."));
			}
			ExpressCode fresh = insert(row.eventId(), row.attendeeIds(), row.expiresAt());
			this.jdbc.update("UPDATE reconciler.express_codes SET replaced_by = ? WHERE code = ?", fresh.code(),
					row.code());
			return fresh;
		});
	}

	Redemption redeem(String code, RedeemRequest request) {
		if (request.clientSubmissionId() == null || request.clientSubmissionId().isBlank()
				|| request.clientSubmissionId().length() > 128) {
			throw DomainException.invalid(ReconcilerProblem.MISSING_CLIENT_SUBMISSION_ID,
					"clientSubmissionId is required (the same on every retry of one attempt).");
		}
		String token = "claim:" + UUID.randomUUID();
		Claim claim = this.transactions.execute((status) -> claim(code, request, token));
		if (claim.storedResult() != null) {
			return new Redemption(claim.code(), true, claim.storedResult());
		}
		try {
			Redemption.Result result = checkIn(claim, request);
			// stored for this attempt, whether or not it still holds the lease: a retry
			// of
			// the same attempt may have taken the lease over, and its result is the same
			this.transactions.executeWithoutResult((status) -> this.jdbc.update("""
					UPDATE reconciler.express_codes SET used_at = now(), result = ?::jsonb, claim_token = NULL,
					  claim_expires_at = NULL WHERE code = ? AND client_submission_id = ? AND used_at IS NULL""",
					this.json.writeValueAsString(result), claim.code(), request.clientSubmissionId()));
			return new Redemption(claim.code(), false, result);
		}
		catch (RuntimeException ex) {
			// give the lease back now, so that a deliberate retry does not wait it out
			this.jdbc.update("""
					UPDATE reconciler.express_codes SET claim_token = NULL, claim_expires_at = NULL
					WHERE code = ? AND claim_token = ?""", claim.code(), token);
			throw ex;
		}
	}

	private Claim claim(String code, RedeemRequest request, String token) {
		CodeRow row = lock(code);
		if (!row.eventId().equals(request.eventId())) {
			throw new DomainException(Kind.INVALID, ReconcilerProblem.WRONG_EVENT, "Code of another event",
					"Code " + row.code() + " belongs to another event.");
		}
		boolean sameAttempt = request.clientSubmissionId().equals(row.clientSubmissionId());
		if (row.usedAt() != null) {
			if (sameAttempt) {
				return new Claim(row.code(), row.attendeeIds(), List.of(), readResult(row.code()), null);
			}
			throw DomainException.conflict(ReconcilerProblem.ALREADY_USED, "Code " + row.code() + " was already used.");
		}
		if (row.replacedBy() != null) {
			throw new DomainException(Kind.GONE, ReconcilerProblem.REPLACED, "Code replaced",
					"Code " + row.code() + " was replaced by a newer code.");
		}
		if (!row.expiresAt().isAfter(Instant.now())) {
			throw new DomainException(Kind.GONE, ReconcilerProblem.EXPIRED, "Code expired",
					"Code " + row.code() + " expired.");
		}
		// the same attempt may take its own lease over: its first try may have died with
		// the lease held (after the check-ins committed), and resuming replays the same
		// entries, so two tries of one attempt at once still create no twin
		if (!sameAttempt && row.claimExpiresAt() != null && row.claimExpiresAt().isAfter(Instant.now())) {
			throw DomainException.conflict(ReconcilerProblem.IN_FLIGHT,
					"Another station is redeeming code " + row.code() + " right now; retry shortly.");
		}
		// a resumed attempt reuses the selection its first try stored
		List<String> selection = (sameAttempt && row.selection() != null) ? row.selection()
				: select(row, request.attendeeIds());
		List<OffsetDateTime> firstClaimedAt = this.jdbc.query("""
				UPDATE reconciler.express_codes SET claim_token = ?, claim_expires_at = now() + ?::interval,
				  client_submission_id = ?, selection = ?, first_claimed_at = coalesce(first_claimed_at, now())
				WHERE code = ? RETURNING first_claimed_at""", (rs, n) -> rs.getObject(1, OffsetDateTime.class), token,
				this.leaseTtl.toMillis() + " ms", request.clientSubmissionId(), selection.toArray(new String[0]),
				row.code());
		return new Claim(row.code(), row.attendeeIds(), selection, null, firstClaimedAt.get(0));
	}

	private Redemption.Result checkIn(Claim claim, RedeemRequest request) {
		String source = "xc-" + claim.code().toLowerCase(Locale.ROOT);
		// the time of the code's first claim, not now: a resumed attempt must send the
		// same
		// payload for the same key, or its replay would be judged key reuse (invariant 3)
		OffsetDateTime capturedAt = claim.firstClaimedAt().withOffsetSameInstant(ZoneOffset.UTC);
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
		List<EntryResult> results = this.reconciler
			.reconcile(new ReconcileRequest(source, request.eventId(), request.printerPool(), entries))
			.results();
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

	private List<String> select(CodeRow row, List<String> requested) {
		if (requested == null || requested.isEmpty()) {
			return row.attendeeIds();
		}
		Set<String> allowed = new HashSet<>(row.attendeeIds());
		List<String> selection = requested.stream().distinct().toList();
		if (!allowed.containsAll(selection)) {
			throw DomainException.invalid(ReconcilerProblem.NOT_IN_CODE,
					"attendeeIds must be a subset of the code's attendees.");
		}
		return selection;
	}

	private ExpressCode insert(String eventId, List<String> attendees, Instant expiresAt) {
		String code = newCode();
		this.jdbc.update("""
				INSERT INTO reconciler.express_codes (code, event_id, attendee_ids, expires_at) VALUES (?, ?, ?, ?)""",
				code, eventId, attendees.toArray(new String[0]), Timestamp.from(expiresAt));
		return new ExpressCode(code, attendees, expiresAt);
	}

	private CodeRow lock(String code) {
		List<CodeRow> rows = this.jdbc.query("""
				SELECT code, event_id, attendee_ids, expires_at, replaced_by, claim_expires_at, client_submission_id,
				  selection, used_at FROM reconciler.express_codes WHERE code = ? FOR UPDATE""", this::row,
				ExpressCodeText.canonicalOrNull(code));
		return rows.stream()
			.findFirst()
			.orElseThrow(() -> new DomainException(Kind.NOT_FOUND, ReconcilerProblem.UNKNOWN_CODE, "Unknown code",
					"No express code '" + code + "'."));
	}

	private Redemption.Result readResult(String code) {
		String stored = this.jdbc.queryForObject("SELECT result::text FROM reconciler.express_codes WHERE code = ?",
				String.class, code);
		return this.json.readValue(stored, Redemption.Result.class);
	}

	private CodeRow row(ResultSet rs, int n) throws SQLException {
		return new CodeRow(rs.getString(1), rs.getString(2), strings(rs.getArray(3)), rs.getTimestamp(4).toInstant(),
				rs.getString(5), instant(rs.getTimestamp(6)), rs.getString(7), strings(rs.getArray(8)),
				instant(rs.getTimestamp(9)));
	}

	private static List<String> strings(Array array) throws SQLException {
		return (array != null) ? Arrays.asList((String[]) array.getArray()) : null;
	}

	private static Instant instant(Timestamp timestamp) {
		return (timestamp != null) ? timestamp.toInstant() : null;
	}

	private String newCode() {
		char[] code = new char[ExpressCodeText.LENGTH];
		for (int i = 0; i < code.length; i++) {
			code[i] = ALPHABET[this.random.nextInt(ALPHABET.length)];
		}
		return new String(code);
	}

	private record CodeRow(String code, String eventId, List<String> attendeeIds, Instant expiresAt, String replacedBy,
			Instant claimExpiresAt, String clientSubmissionId, List<String> selection, Instant usedAt) {
	}

	private record Claim(String code, List<String> attendeeIds, List<String> selection, Redemption.Result storedResult,
			OffsetDateTime firstClaimedAt) {
	}

}
