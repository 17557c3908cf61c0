package io.eventops.agent.flush;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import io.eventops.agent.config.AgentConfig;
import io.eventops.agent.http.EdgeClient;
import io.eventops.agent.http.EdgeReply;
import io.eventops.agent.http.SyncState;
import io.eventops.agent.http.WireFormat;
import io.eventops.agent.log.KioskLog;
import io.eventops.agent.log.LogEntry;
import io.eventops.agent.log.LogState;
import io.eventops.model.flush.FlushResponse;

/**
 * Sends what the log holds above its watermark, in seq order and in batches, and moves
 * the watermark only to the edge's {@code ackedThroughSeq} (invariant 6). A request the
 * edge refuses as a whole (400) is halved until the one entry that causes it is found;
 * that entry is dead-lettered on the device and the queue moves on, so that one bad entry
 * never blocks a kiosk. A request refused as too large (413, 422) is halved too; one
 * entry refused so is dead-lettered only when it really exceeds the edge's limits.
 */
public final class Flusher {

	private final KioskLog log;

	private final EdgeClient edge;

	private final int batchSize;

	private final int maxBatchBytes;

	// told every sync-state the edge gives (the kiosk's area and direction, issue #35)
	private final Consumer<SyncState> syncStates;

	// whether this run compared the log with the edge's sync-state
	private volatile boolean sequenceChecked;

	/**
	 * A flusher of one log.
	 * @param log the log
	 * @param edge the edge client of the same kiosk
	 * @param batchSize most entries per request (at most 500)
	 * @param maxBatchBytes most entry bytes per request (the edge refuses bodies over 1
	 * MiB)
	 */
	public Flusher(KioskLog log, EdgeClient edge, int batchSize, int maxBatchBytes) {
		this(log, edge, batchSize, maxBatchBytes, (state) -> {
		});
	}

	/**
	 * A flusher of one log that passes on what the edge's sync-state says.
	 * @param log the log
	 * @param edge the edge client of the same kiosk
	 * @param batchSize most entries per request (at most 500)
	 * @param maxBatchBytes most entry bytes per request
	 * @param syncStates told every sync-state read
	 */
	public Flusher(KioskLog log, EdgeClient edge, int batchSize, int maxBatchBytes, Consumer<SyncState> syncStates) {
		this.log = log;
		this.edge = edge;
		this.batchSize = batchSize;
		this.maxBatchBytes = maxBatchBytes;
		this.syncStates = syncStates;
	}

	private SyncState syncState() throws IOException {
		SyncState state = this.edge.syncState();
		this.syncStates.accept(state);
		return state;
	}

	/**
	 * Makes sure a fresh log continues after the highest seq the edge has seen, so that a
	 * reinstalled kiosk never reuses a key (invariant 3); a log that knows its sequence
	 * is left alone, without a request.
	 * @throws IOException when the edge cannot be asked
	 */
	public void ensureSequence() throws IOException {
		if (this.log.state().sequenceKnown()) {
			return;
		}
		SyncState state = syncState();
		this.log.continueSequenceAfter(state.continueAfter());
		this.sequenceChecked = true;
	}

	/**
	 * Once per run, before the first request: a log whose last seq is below the highest
	 * seq the edge has seen of this kiosk was restored from an older copy, and its next
	 * seqs are keys the edge holds with other check-ins (invariant 3). Such a log is
	 * stopped for good instead of sending reused keys.
	 * @return why the log is stopped, or {@code null} when it may send
	 * @throws IOException when the edge cannot be asked
	 */
	private String checkSequence() throws IOException {
		LogState state = this.log.state();
		if (state.sequenceConflict() != null || this.sequenceChecked) {
			return state.sequenceConflict();
		}
		SyncState edgeState = syncState();
		if (edgeState.highestSeenSeq() > state.lastSeq()) {
			String why = "The log of kiosk " + state.kioskId() + " ends at seq " + state.lastSeq()
					+ ", but the edge has seen seq " + edgeState.highestSeenSeq() + " from this kiosk: the log was "
					+ "restored from an older copy, and new check-ins would reuse keys the edge already holds. "
					+ "Nothing more is recorded or sent from this log. Call ops: keep this file for them, and start "
					+ "the kiosk with an empty log, which continues after the edge's seq.";
			this.log.stopForSequenceConflict(why);
			return why;
		}
		this.sequenceChecked = true;
		return null;
	}

	/**
	 * Sends everything pending until the log is drained or a request fails.
	 * @return what the round achieved
	 */
	public synchronized FlushRound flushPending() {
		Round round = new Round();
		String revoked = this.log.revocation();
		if (revoked != null) {
			// the token is refused for good (issue #37): the entries stay for export
			return new FlushRound(FlushRound.Result.BLOCKED, 0, 0, 0, this.log.state().lastAckedSeq(), null,
					"revoked: " + revoked);
		}
		try {
			ensureSequence();
			String conflict = checkSequence();
			if (conflict != null) {
				return round.end(FlushRound.Result.BLOCKED, null, conflict);
			}
		}
		catch (IOException ex) {
			return round.end(FlushRound.Result.RETRY, null, "sync-state: " + ex.getMessage());
		}
		while (true) {
			List<LogEntry> batch = this.log.pending(this.batchSize, this.maxBatchBytes);
			if (batch.isEmpty()) {
				return round.end(FlushRound.Result.DRAINED, null, null);
			}
			FlushRound stopped = send(batch, round);
			if (stopped != null) {
				return stopped;
			}
		}
	}

	// null when every entry of the batch was acknowledged or dead-lettered
	private FlushRound send(List<LogEntry> batch, Round round) {
		EdgeReply reply = post(batch, round);
		switch (reply.kind()) {
			case ACCEPTED -> {
				FlushResponse response = reply.response();
				long highestSent = batch.get(batch.size() - 1).seq();
				long before = this.log.state().lastAckedSeq();
				long watermark = this.log.acknowledge(response.results(), response.ackedThroughSeq(), highestSent);
				round.acknowledged += (int) batch.stream()
					.filter((e) -> e.seq() > before && e.seq() <= watermark)
					.count();
				if (watermark < highestSent) {
					// IN_FLIGHT: another request holds the key; the rest waits its turn
					return round.end(FlushRound.Result.RETRY, null,
							"entries in flight on the server after seq " + watermark);
				}
				return null;
			}
			case REFUSED_AS_A_WHOLE, TOO_BIG -> {
				if (batch.size() > 1) {
					int half = batch.size() / 2;
					FlushRound stopped = send(batch.subList(0, half), round);
					return (stopped != null) ? stopped : send(batch.subList(half, batch.size()), round);
				}
				return condemn(batch.get(0), reply, round);
			}
			case RETRYABLE -> {
				return fail(round, FlushRound.Result.RETRY, reply);
			}
			default -> {
				return fail(round, FlushRound.Result.BLOCKED, reply);
			}
		}
	}

	private FlushRound condemn(LogEntry entry, EdgeReply reply, Round round) {
		// a heartbeat carries no entry: if the edge refuses that too, the fault is not in
		// the entry, and dead-lettering would empty a healthy queue
		EdgeReply heartbeat = post(List.of(), round);
		if (heartbeat.kind() != EdgeReply.Kind.ACCEPTED) {
			EdgeReply.Kind kind = heartbeat.kind();
			return fail(round, (kind == EdgeReply.Kind.RETRYABLE) ? FlushRound.Result.RETRY : FlushRound.Result.BLOCKED,
					new EdgeReply(kind, heartbeat.status(), null, heartbeat.retryAfter(),
							"the edge refuses requests without entries too: " + heartbeat.detail()));
		}
		if (reply.kind() == EdgeReply.Kind.TOO_BIG) {
			int bytes = WireFormat.flushBody(this.log.state().lastSeq(), List.of(entry.payload())).length;
			if (bytes <= AgentConfig.EDGE_BODY_LIMIT) {
				// one entry within the contract's limits (1 MiB, 500 entries) is not too
				// big for the edge: something before it (a proxy's body limit) is, and
				// dead-lettering would empty the queue one entry at a time
				return fail(round, FlushRound.Result.BLOCKED,
						new EdgeReply(reply.kind(), reply.status(), null, reply.retryAfter(),
								"a request of one entry (" + bytes + " bytes, within the edge's limits) is refused as "
										+ "too large, so something before the edge limits requests: " + reply.detail()
										+ "; nothing dead-lettered"));
			}
		}
		this.log.deadLetter(entry, reply.status(), reply.detail());
		round.deadLettered++;
		return null;
	}

	private EdgeReply post(List<LogEntry> batch, Round round) {
		List<byte[]> payloads = new ArrayList<>(batch.size());
		for (LogEntry entry : batch) {
			payloads.add(entry.payload());
		}
		round.requests++;
		return this.edge.flush(WireFormat.flushBody(this.log.state().lastSeq(), payloads));
	}

	private FlushRound fail(Round round, FlushRound.Result result, EdgeReply reply) {
		return round.end(result, reply.retryAfter(), reply.detail());
	}

	private final class Round {

		int requests;

		int acknowledged;

		int deadLettered;

		FlushRound end(FlushRound.Result result, Duration retryAfter, String error) {
			if (error != null && result != FlushRound.Result.DRAINED) {
				Flusher.this.log.recordError(error);
			}
			return new FlushRound(result, this.requests, this.acknowledged, this.deadLettered,
					Flusher.this.log.state().lastAckedSeq(), retryAfter, error);
		}

	}

}
