package io.eventops.edge.flush;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import io.eventops.edge.forward.ReconcilerClient;
import io.eventops.edge.forward.ReconcilerLinkProperties;
import io.eventops.edge.forward.ReconcilerUnavailableException;
import io.eventops.edge.kiosk.KioskPrincipal;
import io.eventops.edge.kiosk.KioskProfile;
import io.eventops.edge.kiosk.KioskTracking;
import io.eventops.edge.rules.TimeRules;
import io.eventops.model.flush.FlushEntry;
import io.eventops.edge.rules.Verdict;
import io.eventops.edge.web.EdgeException;
import io.eventops.edge.web.OutsideProfileException;
import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.Acknowledgement;
import io.eventops.model.flush.FlushResponse;
import io.eventops.model.flush.RejectionReason;
import io.eventops.model.reconcile.ReconcileEntry;
import io.eventops.model.reconcile.ReconcileRequest;
import io.eventops.model.reconcile.ReconcileResponse;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.stereotype.Service;

/**
 * Handles one kiosk flush: checks every entry on its own (schema, then time rules),
 * forwards the whole batch, rejected entries included, so that the reconciler quarantines
 * and guards them, records the committed outcomes and answers with the acknowledgement.
 * Nothing is acknowledged before the reconciler committed (invariant 6).
 */
@Service
class FlushService {

	private final FlushBodyParser parser = new FlushBodyParser();

	private final EntryValidator validator = new EntryValidator();

	private final TimeRules rules;

	private final ReconcilerClient reconciler;

	private final KioskTracking tracking;

	private final FlushMetrics metrics;

	private final JsonMapper json;

	private final Duration retryAfter;

	private final KioskFlushSlots slots;

	private final CheckLanes lanes;

	FlushService(TimeRules rules, ReconcilerClient reconciler, KioskTracking tracking, FlushMetrics metrics,
			JsonMapper json, ReconcilerLinkProperties properties, FlushProperties flushProperties, CheckLanes lanes) {
		this.slots = new KioskFlushSlots(flushProperties);
		this.lanes = lanes;
		this.rules = rules;
		this.reconciler = reconciler;
		this.tracking = tracking;
		this.metrics = metrics;
		this.json = json;
		this.retryAfter = properties.retryAfter();
	}

	FlushResponse flush(KioskPrincipal kiosk, Body body) throws IOException {
		// taken before the body is read: a kiosk over its share costs this replica
		// nothing
		try (KioskFlushSlots.Slot slot = this.slots.acquire(kiosk.kioskId())) {
			return flushInSlot(kiosk, body);
		}
	}

	private FlushResponse flushInSlot(KioskPrincipal kiosk, Body body) throws IOException {
		long started = System.nanoTime();
		// read whole (capped, within the read deadline) before a backlog permit is
		// taken: a body that trickles in holds only its own kiosk's slot, never a permit
		// that other kiosks' backlogs wait for
		byte[] bytes = body.read();
		Prepared prepared;
		// a large body (a backlog) is checked only with a permit, a live one at once;
		// the permit is given back before the reconciler call
		try (CheckLanes.Permit permit = this.lanes.enter(bytes.length)) {
			prepared = prepare(kiosk, bytes);
		}
		if (prepared.batch() == null) {
			long watermark = this.tracking.heartbeat(kiosk.kioskId(), prepared.highestLocalSeq());
			return new FlushResponse(kiosk.kioskId(), watermark, List.of());
		}
		ReconcileResponse response;
		try {
			response = this.reconciler.reconcile(prepared.batch());
		}
		catch (ReconcilerUnavailableException ex) {
			throw EdgeException.unavailable(this.retryAfter);
		}
		this.tracking.recordFlush(kiosk.kioskId(), prepared.highestLocalSeq(), response.results());
		this.metrics.batch(response.results(), Duration.ofNanos(System.nanoTime() - started));
		return new FlushResponse(kiosk.kioskId(), Acknowledgement.ackedThroughSeq(response.results()),
				response.results());
	}

	// Parses and checks a body and encodes the batch for the reconciler. Its own method,
	// so that the parsed entries are garbage before the batch waits for a slot to the
	// reconciler: only the encoded bytes wait.
	private Prepared prepare(KioskPrincipal kiosk, byte[] body) {
		ParsedFlush flush = this.parser.parse(body);
		if (flush.entries().isEmpty()) {
			return new Prepared(flush.highestLocalSeq(), null);
		}
		List<ReconcileEntry> entries = check(kiosk, flush.entries());
		return new Prepared(flush.highestLocalSeq(), this.reconciler
			.prepare(new ReconcileRequest(kiosk.kioskId(), kiosk.eventId(), kiosk.printerPool(), entries)));
	}

	// schema first, then the time rules for the valid entries in one pass over the
	// kiosk's shared capture history
	private List<ReconcileEntry> check(KioskPrincipal kiosk, List<ParsedFlush.RawEntry> raws) {
		String kioskId = kiosk.kioskId();
		List<EntryCheck> checks = new ArrayList<>(raws.size());
		List<FlushEntry> valid = new ArrayList<>(raws.size());
		for (ParsedFlush.RawEntry raw : raws) {
			EntryCheck check = this.validator.check(kioskId, kiosk.areaId(), kiosk.profile() == KioskProfile.DESK, raw);
			checks.add(check);
			if (check.isValid()) {
				// an exit flushes exits only (issue #37): anything else refuses the whole
				// flush, nothing of it applied, as every request outside a profile
				if (kiosk.profile() == KioskProfile.EXIT && check.entry().type() != EntryType.EXIT) {
					throw new OutsideProfileException(kiosk.profile(), "An EXIT kiosk flushes EXIT entries only; entry "
							+ raw.seq() + " is " + check.entry().type() + ". Nothing of this flush was applied.");
				}
				valid.add(check.entry());
			}
		}
		Iterator<Verdict> verdicts = this.rules.check(kioskId, valid).iterator();
		List<ReconcileEntry> entries = new ArrayList<>(raws.size());
		for (int i = 0; i < raws.size(); i++) {
			ParsedFlush.RawEntry raw = raws.get(i);
			EntryCheck check = checks.get(i);
			String text = TextSafety.quarantinable(raw, this.json);
			if (!check.isValid()) {
				entries.add(ReconcileEntry.rejected(raw.seq(), check.keyAsSent(), null, text, List.of(),
						RejectionReason.INVALID_ENTRY, check.invalidField()));
				continue;
			}
			Verdict verdict = verdicts.next();
			if (verdict.staleReplay()) {
				// rejected but still acknowledged, or the kiosk would replay it forever
				entries.add(ReconcileEntry.rejected(raw.seq(), check.keyAsSent(), check.entry(), text, List.of(),
						RejectionReason.STALE_REPLAY, null));
			}
			else {
				entries.add(ReconcileEntry.valid(check.entry(), text, verdict.flags()));
			}
		}
		return entries;
	}

	// a heartbeat has no batch
	private record Prepared(long highestLocalSeq, ReconcilerClient.PreparedBatch batch) {
	}

	/** A request body, read when the service is ready for it. */
	@FunctionalInterface
	interface Body {

		byte[] read() throws IOException;

	}

}
