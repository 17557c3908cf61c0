package io.eventops.reconciler;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import io.eventops.model.flush.BadgeOverrides;
import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.FlushEntry;
import io.eventops.model.flush.KioskDecision;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.testsupport.CommonTestData;

/**
 * Builders of the reconciler's test data, beside the shared ones; every id is unique per
 * call, so tests sharing a database never collide.
 */
public final class TestData extends CommonTestData {

	private static final OffsetDateTime BASE = OffsetDateTime.of(2026, 7, 16, 9, 0, 0, 0, ZoneOffset.ofHours(2));

	private TestData() {
	}

	public static Entry entry(String kioskId, long seq, String attendeeId) {
		return new Entry(kioskId, seq, attendeeId);
	}

	public static ReconcileRequest request(String kioskId, String eventId, List<ReconcileEntry> entries) {
		return new ReconcileRequest(kioskId, eventId, "default", entries);
	}

	public static ReconcileRequest request(String kioskId, String eventId, Entry... entries) {
		return request(kioskId, eventId, java.util.Arrays.stream(entries).map(Entry::build).toList());
	}

	/**
	 * Builds one kiosk entry.
	 */
	public static final class Entry {

		private final String kioskId;

		private final long seq;

		private final String attendeeId;

		private OffsetDateTime capturedAt;

		private boolean printedLocally;

		private String displayName;

		private EntryType type = EntryType.CHECK_IN;

		private String areaId;

		private Long policyVersion;

		private KioskDecision kioskDecision;

		private String annuls;

		private Entry(String kioskId, long seq, String attendeeId) {
			this.kioskId = kioskId;
			this.seq = seq;
			this.attendeeId = attendeeId;
			this.capturedAt = BASE.plusSeconds(seq);
		}

		public Entry capturedAt(OffsetDateTime capturedAt) {
			this.capturedAt = capturedAt;
			return this;
		}

		public Entry printedLocally() {
			this.printedLocally = true;
			return this;
		}

		public Entry displayName(String displayName) {
			this.displayName = displayName;
			return this;
		}

		/**
		 * An admission the kiosk decided at an area under a policy version (#35).
		 * @param areaId the kiosk's area
		 * @param policyVersion the version it decided under
		 * @return this builder
		 */
		public Entry admittedAt(String areaId, long policyVersion) {
			return access(EntryType.CHECK_IN, areaId, policyVersion, KioskDecision.admit());
		}

		/**
		 * A refusal the kiosk recorded at an area (#35).
		 * @param areaId the kiosk's area
		 * @param policyVersion the version it decided under
		 * @param reason the kiosk's reason
		 * @return this builder
		 */
		public Entry refusedAt(String areaId, long policyVersion, String reason) {
			return access(EntryType.REFUSED, areaId, policyVersion, KioskDecision.refuse(reason));
		}

		/**
		 * A way out of an area (#35).
		 * @param areaId the kiosk's area
		 * @return this builder
		 */
		public Entry exitAt(String areaId) {
			return access(EntryType.EXIT, areaId, null, null);
		}

		/**
		 * An annulment of the admission with the key (#36).
		 * @param annulledKey the key of the admission it undoes
		 * @return this builder
		 */
		public Entry annuls(String annulledKey) {
			this.annuls = annulledKey;
			return access(EntryType.ANNUL, null, null, null);
		}

		private Entry access(EntryType type, String areaId, Long policyVersion, KioskDecision decision) {
			this.type = type;
			this.areaId = areaId;
			this.policyVersion = policyVersion;
			this.kioskDecision = decision;
			return this;
		}

		public FlushEntry flushEntry() {
			return new FlushEntry(this.seq, this.kioskId + ":" + this.seq, this.type, this.attendeeId, this.capturedAt,
					this.capturedAt.plusNanos(120_000_000), this.printedLocally,
					(this.displayName != null) ? new BadgeOverrides(this.displayName, null) : null, this.areaId,
					this.policyVersion, this.kioskDecision, this.annuls);
		}

		public ReconcileEntry build() {
			FlushEntry entry = flushEntry();
			String raw = "{\"seq\":" + this.seq + ",\"idempotencyKey\":\"" + entry.idempotencyKey() + "\",\"type\":\""
					+ this.type + "\",\"attendeeId\":\"" + this.attendeeId + "\",\"capturedAt\":\"" + entry.capturedAt()
					+ "\",\"queuedAt\":\"" + entry.queuedAt() + "\""
					// optional fields are absent unless set, as kiosks send them
					+ (this.printedLocally ? ",\"badgePrintedLocally\":true" : "")
					+ ((this.areaId != null) ? ",\"areaId\":\"" + this.areaId + "\"" : "")
					+ ((this.policyVersion != null) ? ",\"policyVersion\":" + this.policyVersion : "")
					+ ((this.kioskDecision != null)
							? ",\"kioskDecision\":{\"decision\":\"" + this.kioskDecision.decision() + "\""
									+ ((this.kioskDecision.reason() != null)
											? ",\"reason\":\"" + this.kioskDecision.reason() + "\"" : "")
									+ "}"
							: "")
					+ ((this.annuls != null) ? ",\"annuls\":\"" + this.annuls + "\"" : "") + "}";
			return ReconcileEntry.valid(entry, raw, List.of());
		}

	}

}
