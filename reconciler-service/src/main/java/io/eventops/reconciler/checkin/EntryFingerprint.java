package io.eventops.reconciler.checkin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import io.eventops.model.flush.FlushEntry;
import io.eventops.model.reconcile.ReconcileEntry;

/**
 * Fingerprints an entry's payload, so that a replay (same key, same payload) is told
 * apart from key reuse (same key, another payload; invariant 3). Times are compared as
 * instants: the same moment written with another offset is the same payload.
 */
final class EntryFingerprint {

	private EntryFingerprint() {
	}

	static String of(ReconcileEntry entry) {
		FlushEntry parsed = entry.entry();
		if (parsed == null) {
			return sha256("raw\u0000" + entry.rawEntry());
		}
		StringBuilder canonical = new StringBuilder("v1");
		append(canonical, Long.toString(parsed.seq()));
		append(canonical, (parsed.type() != null) ? parsed.type().name() : null);
		append(canonical, parsed.attendeeId());
		append(canonical, (parsed.capturedAt() != null) ? parsed.capturedAt().toInstant().toString() : null);
		append(canonical, (parsed.queuedAt() != null) ? parsed.queuedAt().toInstant().toString() : null);
		append(canonical, Boolean.toString(parsed.badgePrintedLocally()));
		append(canonical, (parsed.badge() != null) ? parsed.badge().displayName() : null);
		append(canonical, (parsed.badge() != null) ? parsed.badge().company() : null);
		// the fields of access control (#35) only when the entry has one, so that a
		// contract v1 entry keeps the fingerprint its key is stored with (a replay across
		// the upgrade stays a DUPLICATE), and the same key with another area, version,
		// decision or annulled key is key reuse (invariant 3)
		if (parsed.areaId() != null || parsed.policyVersion() != null || parsed.kioskDecision() != null
				|| parsed.annuls() != null) {
			canonical.append("|access");
			append(canonical, parsed.areaId());
			append(canonical, (parsed.policyVersion() != null) ? parsed.policyVersion().toString() : null);
			append(canonical, (parsed.kioskDecision() != null) ? parsed.kioskDecision().decision().name() : null);
			append(canonical, (parsed.kioskDecision() != null) ? parsed.kioskDecision().reason() : null);
			append(canonical, parsed.annuls());
		}
		return sha256(canonical.toString());
	}

	// length-prefixed, so that no two different field lists share a canonical form
	private static void append(StringBuilder canonical, String value) {
		if (value == null) {
			canonical.append("|-");
		}
		else {
			canonical.append('|').append(value.length()).append(':').append(value);
		}
	}

	private static String sha256(String text) {
		try {
			MessageDigest digest = MessageDigest.getInstance("SHA-256");
			return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is required by every Java platform", ex);
		}
	}

}
