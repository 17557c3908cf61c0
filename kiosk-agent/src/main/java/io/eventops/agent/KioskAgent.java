package io.eventops.agent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

import io.eventops.agent.admission.Admission;
import io.eventops.agent.admission.AdmissionDesk;
import io.eventops.agent.admission.AllowanceKeeper;
import io.eventops.agent.backoff.Backoff;
import io.eventops.agent.cache.AttendeeCache;
import io.eventops.agent.cache.CacheSync;
import io.eventops.agent.cache.CachedAttendee;
import io.eventops.agent.cache.KioskPlacement;
import io.eventops.agent.backoff.SignalWaiter;
import io.eventops.agent.backoff.Waiter;
import io.eventops.agent.config.AgentConfig;
import io.eventops.agent.flush.FlushLoop;
import io.eventops.agent.flush.FlushRound;
import io.eventops.agent.flush.Flusher;
import io.eventops.agent.http.EdgeClient;
import io.eventops.agent.http.NetworkGate;
import io.eventops.agent.http.TlsTrust;
import io.eventops.agent.http.WireFormat;
import io.eventops.agent.log.KioskLog;
import io.eventops.agent.log.LogEntry;
import io.eventops.agent.log.LogState;

/**
 * The kiosk agent: records check-ins durably before anything else happens and delivers
 * them to the edge exactly as recorded, through outages, crashes and reinstalls.
 * {@link #checkIn} works offline once the log knows its sequence; {@link #start} runs the
 * flush loop in the background, {@link #flush} runs one round in the caller's thread.
 */
public final class KioskAgent implements AutoCloseable {

	private final AgentConfig config;

	private final KioskLog log;

	private final Flusher flusher;

	private final FlushLoop loop;

	private final Backoff backoff;

	private final Waiter waiter;

	private final Clock clock;

	private final HttpClient ownedHttp;

	private final EdgeClient edge;

	private final AttendeeCache cache;

	private final CacheSync cacheSync;

	private final AdmissionDesk admissions;

	private final AllowanceKeeper allowance;

	private KioskAgent(Builder builder) {
		this.config = builder.config;
		this.clock = builder.clock;
		this.waiter = builder.waiter;
		this.log = KioskLog.open(this.config.database(), this.config.kioskId(), this.config.maxEntryBytes(),
				WireFormat::entry, this.clock);
		HttpClient http = builder.http;
		this.ownedHttp = (http != null) ? null : EdgeClient.httpClient(
				TlsTrust.context(this.config.caFile(), this.config.edgeCertSha256()), this.config.connectTimeout());
		EdgeClient edge = new EdgeClient((http != null) ? http : this.ownedHttp, this.config.edgeUrl(),
				this.config.kioskId(), (this.config.token() != null) ? this.config.token() : "",
				this.config.requestTimeout(), builder.network, this.clock);
		this.edge = edge;
		edge.reportContacts(this::contact);
		this.cache = AttendeeCache.open(
				this.config.database().resolveSibling(this.config.database().getFileName() + ".cache"),
				this.config.cacheKeyFile());
		this.cacheSync = new CacheSync(edge, this.cache);
		expireCache();
		edge.onRevoked(this::revoked);
		edge.onNewToken(this::keepToken);
		this.flusher = new Flusher(this.log, edge, this.config.batchSize(), this.config.maxBatchBytes(),
				this::keepPlacement);
		this.allowance = new AllowanceKeeper(this.log, this.cache, edge, this.config.admissionCheckBudget(),
				this.config.retention(), this.clock);
		this.admissions = new AdmissionDesk(this.log, this.cache, edge, this.config.admissionCheckBudget(),
				this.allowance);
		this.backoff = new Backoff(this.config.backoff(), builder.random);
		Consumer<FlushRound> listener = builder.listener;
		this.loop = new FlushLoop(this.flusher, this.log, this.backoff, this.waiter, this.config.idleInterval(),
				this.config.retention(), (round) -> {
					// what the kiosk held is on the server now: the allowance is renewed
					// from
					// there (invariant 14)
					if (round.drained()) {
						renewAllowance();
					}
					rotateTokenIfDue();
					listener.accept(round);
				});
	}

	/**
	 * Opens the agent of one kiosk with real clock, waiter and network.
	 * @param config the settings
	 * @return the agent (its flush loop not started)
	 */
	public static KioskAgent open(AgentConfig config) {
		return builder(config).open();
	}

	/**
	 * A builder for agents with injected clock, waiter, jitter source, network gate or a
	 * shared HTTP client (tests, the fleet simulator, drills).
	 * @param config the settings
	 * @return the builder
	 */
	public static Builder builder(AgentConfig config) {
		return new Builder(config);
	}

	/**
	 * Records a check-in and returns once it is committed to disk. A log that has never
	 * been written asks the edge's sync-state first (once), so that a reinstalled kiosk
	 * continues its sequence instead of reusing keys (invariant 3).
	 * @param checkIn the check-in
	 * @return what it was stamped with
	 * @throws io.eventops.agent.log.EntryTooLargeException when the entry exceeds the cap
	 * @throws UncheckedIOException when a fresh log cannot learn its sequence
	 */
	public CheckInReceipt checkIn(CheckIn checkIn) {
		refuseIfRevoked();
		ensureSequence();
		if (this.admissions.applies(false)) {
			// under the event's policy a check-in is a scan the kiosk decides (#35)
			Optional<Admission> admission = pass(checkIn, false);
			if (admission.isPresent()) {
				return receipt(admission.get());
			}
		}
		LogEntry entry = this.log.append(checkIn.attendeeId(), capturedAt(checkIn), checkIn.badgePrintedLocally(),
				checkIn.badge(), this.cache.placement().areaId());
		return committed(entry);
	}

	private static CheckInReceipt receipt(Admission admission) {
		return new CheckInReceipt(admission.seq(), admission.idempotencyKey(), admission.capturedAt(),
				admission.queuedAt());
	}

	/**
	 * Records a check-in unless this kiosk's log already holds one for the attendee: the
	 * check and the append are one write transaction, so two scans at once, or a command
	 * run again after its answer got lost, record one entry.
	 * @param checkIn the check-in
	 * @return what it was stamped with, or empty when the log already holds an entry for
	 * the attendee (see {@link #latestEntryFor})
	 * @throws io.eventops.agent.log.EntryTooLargeException when the entry exceeds the cap
	 * @throws UncheckedIOException when a fresh log cannot learn its sequence
	 */
	public Optional<CheckInReceipt> checkInOnce(CheckIn checkIn) {
		refuseIfRevoked();
		ensureSequence();
		if (this.admissions.applies(false)) {
			// under the event's policy a check-in is a scan the kiosk decides (#35), with
			// its badge text and area: a plain one had no area, and the edge refused it
			// (INVALID_ENTRY)
			return passOnce(checkIn).map(KioskAgent::receipt);
		}
		return this.log
			.appendFirst(checkIn.attendeeId(), capturedAt(checkIn), checkIn.badgePrintedLocally(), checkIn.badge(),
					this.cache.placement().areaId())
			.map(this::committed);
	}

	/**
	 * Decides and records a scan under the event's access-control policy (issue #35): the
	 * edge decides when it answers within the admission-check budget, else this kiosk
	 * from its cache and its own log. An admission is logged as a {@code CHECK_IN}, a
	 * refusal as a {@code REFUSED} entry (flushed like every entry, it changes no count),
	 * a scan at an exit as an {@code EXIT}; one entry per scan, decided and appended
	 * under the log's write lock, and committed to disk before this returns.
	 * @param attendeeId the attendee
	 * @param leaving on a kiosk of direction {@code BOTH}, whether the attendee is
	 * leaving
	 * @return what was recorded, or empty when access control does not apply here (the
	 * kiosk has no area, or the cache no policy): then {@link #checkInOnce} is today's
	 * check-in
	 * @throws UncheckedIOException when a fresh log cannot learn its sequence
	 */
	public Optional<Admission> pass(String attendeeId, boolean leaving) {
		refuseIfRevoked();
		ensureSequence();
		Optional<Admission> admission = this.admissions.pass(attendeeId, leaving, OffsetDateTime.now(this.clock));
		admission.ifPresent(this::committed);
		return admission;
	}

	/**
	 * Decides and records a check-in under the event's access-control policy as
	 * {@link #pass(CheckIn, boolean)}, unless this kiosk's log already holds an entry for
	 * the attendee (checked and appended in one write transaction: a command run again
	 * after its answer got lost records nothing more).
	 * @param checkIn the check-in
	 * @return what was recorded (an admission, a refusal, or an exit at an exit kiosk),
	 * or empty when the log holds an entry for the attendee or access control does not
	 * apply (see {@link #underPolicy})
	 * @throws UncheckedIOException when a fresh log cannot learn its sequence
	 */
	public Optional<Admission> passOnce(CheckIn checkIn) {
		refuseIfRevoked();
		ensureSequence();
		Optional<Admission> admission = this.admissions.passFirst(checkIn.attendeeId(), false, capturedAt(checkIn),
				checkIn.badgePrintedLocally(), checkIn.badge());
		admission.ifPresent(this::committed);
		return admission;
	}

	/**
	 * Decides and records a check-in under the event's access-control policy as
	 * {@link #pass(String, boolean)}, the admission carrying the check-in's capture time,
	 * whether the kiosk printed the badge and the badge text typed at the kiosk.
	 * @param checkIn the check-in
	 * @param leaving on a kiosk of direction {@code BOTH}, whether the attendee is
	 * leaving
	 * @return what was recorded, or empty when access control does not apply here
	 * @throws UncheckedIOException when a fresh log cannot learn its sequence
	 */
	public Optional<Admission> pass(CheckIn checkIn, boolean leaving) {
		refuseIfRevoked();
		ensureSequence();
		Optional<Admission> admission = this.admissions.pass(checkIn.attendeeId(), leaving, capturedAt(checkIn),
				checkIn.badgePrintedLocally(), checkIn.badge());
		admission.ifPresent(this::committed);
		return admission;
	}

	/**
	 * Annuls one of this kiosk's admissions within the configured {@code annul-window}
	 * (#36): the screen's "that was not me".
	 * @param attendeeId the attendee admitted
	 * @param admissionKey the admission's idempotency key
	 * @return the annulment logged, or empty when there is nothing of this kiosk's to
	 * annul within the window
	 */
	public Optional<Admission> annul(String attendeeId, String admissionKey) {
		refuseIfRevoked();
		ensureSequence();
		Optional<Admission> annulment = this.admissions.annul(attendeeId, admissionKey, OffsetDateTime.now(this.clock),
				this.config.annulWindow());
		annulment.ifPresent((logged) -> {
			if (this.config.flushAfterCheckIn()) {
				this.loop.wake();
			}
		});
		return annulment;
	}

	/**
	 * Whether a scan here is decided under the event's policy ({@link #pass}), as far as
	 * the cache knows: the kiosk has an area, and the cache a policy or the scan is an
	 * exit.
	 * @param leaving on a kiosk of direction {@code BOTH}, whether the attendee is
	 * leaving
	 * @return whether access control applies
	 */
	public boolean underPolicy(boolean leaving) {
		return this.admissions.applies(leaving);
	}

	// the edge's 401 device-revoked (issue #37): the kiosk admits no one from now on,
	// also after a restart, and the personal data of its cache is deleted (again at
	// every such answer, so that nothing a sync wrote meanwhile stays); its unflushed
	// entries stay in the log, never deleted, for kiosk-agent export
	private void revoked(String detail) {
		boolean first = this.log.revocation() == null;
		this.log.markRevoked(detail);
		this.cache.forgetPersonalData();
		if (first) {
			System.err.println("kiosk-agent: kiosk " + this.config.kioskId() + " was revoked by the edge (" + detail
					+ "); its cached personal data is deleted and it admits no one. " + this.log.pendingCount()
					+ " unflushed entries stay in its log: kiosk-agent export --out FILE writes them for staff.");
		}
	}

	// token rotation (#37): a delivered token is written to the configuration file
	// (atomically, owner-only) before it is used; without a file to keep it in, it is
	// not used, and the old token keeps working for the edge's rotation grace
	private boolean keepToken(String fresh) {
		java.nio.file.Path file = this.config.configFile();
		if (file == null) {
			this.log.recordError("the edge delivered a new token, but the token was not read from a configuration file"
					+ " (--config), so it cannot be kept: the old token stops after the edge's rotation grace");
			return false;
		}
		try {
			io.eventops.agent.config.TokenFile.replace(file, fresh);
			return true;
		}
		catch (IOException | RuntimeException ex) {
			this.log.recordError("a new token could not be written to " + file + ": " + ex.getMessage());
			return false;
		}
	}

	/**
	 * Asks the edge for a new token when this one is older than {@code token-max-age}
	 * (the configuration file's last change; issue #37); the new token comes with the
	 * answer and is kept before it is used.
	 * @return whether the token was rotated now
	 */
	public boolean rotateTokenIfDue() {
		java.nio.file.Path file = this.config.configFile();
		if (file == null || this.config.tokenMaxAge().isZero() || this.log.revocation() != null) {
			return false;
		}
		try {
			java.time.Instant written = java.nio.file.Files.getLastModifiedTime(file).toInstant();
			if (Duration.between(written, this.clock.instant()).compareTo(this.config.tokenMaxAge()) < 0) {
				return false;
			}
			java.time.Instant before = written;
			EdgeClient.Answer answer = this.edge.post("/token-rotation", new byte[0]);
			return answer.status() == 202 && java.nio.file.Files.getLastModifiedTime(file).toInstant().isAfter(before);
		}
		catch (IOException ex) {
			// offline, or the file is unreadable: tried again after the next round
			return false;
		}
	}

	/**
	 * Why the edge revoked this kiosk.
	 * @return what the edge said, or {@code null} while it is not revoked
	 */
	public String revocation() {
		return this.log.revocation();
	}

	private void refuseIfRevoked() {
		String revoked = this.log.revocation();
		if (revoked != null) {
			throw new io.eventops.agent.log.DeviceRevokedException("Kiosk " + this.config.kioskId()
					+ " was revoked by the edge and admits no one (" + revoked + "). Its unflushed entries stay in its "
					+ "log: kiosk-agent export --out FILE writes them for staff.");
		}
	}

	/**
	 * Every entry the edge has not acknowledged (those above the watermark and every dead
	 * letter), for {@code kiosk-agent export}.
	 * @return the entries in seq order
	 */
	public List<io.eventops.agent.log.ExportedEntry> unacknowledged() {
		return this.log.unacknowledged();
	}

	// the entry is on disk: nothing after this may turn it into a failure
	private void committed(Admission admission) {
		if (admission.type() == io.eventops.model.flush.EntryType.CHECK_IN) {
			try {
				this.cache.markCheckedIn(admission.attendeeId(), this.config.kioskId(),
						io.eventops.model.time.Rfc3339.format(admission.capturedAt()));
			}
			catch (RuntimeException ex) {
				System.err.println("kiosk-agent: the attendee cache was not updated after check-in "
						+ admission.idempotencyKey() + ": " + ex.getMessage());
			}
		}
		if (this.config.flushAfterCheckIn()) {
			this.loop.wake();
		}
	}

	private OffsetDateTime capturedAt(CheckIn checkIn) {
		return (checkIn.capturedAt() != null) ? checkIn.capturedAt() : OffsetDateTime.now(this.clock);
	}

	// the entry is on disk: nothing after this may turn it into a failure
	private CheckInReceipt committed(LogEntry entry) {
		try {
			this.cache.markCheckedIn(entry.attendeeId(), this.config.kioskId(),
					io.eventops.model.time.Rfc3339.format(entry.capturedAt()));
		}
		catch (RuntimeException ex) {
			// the cache is a convenience (busy, disk full): the log decides, and the
			// screen reads this kiosk's own entries from the log too
			System.err.println("kiosk-agent: the attendee cache was not updated after check-in "
					+ entry.idempotencyKey() + ": " + ex.getMessage());
		}
		if (this.config.flushAfterCheckIn()) {
			// a check-in during a backoff wait is worth an immediate attempt: the network
			// may be back, and this kiosk is evidently in use
			this.loop.wake();
		}
		return new CheckInReceipt(entry.seq(), entry.idempotencyKey(), entry.capturedAt(), entry.queuedAt());
	}

	// the edge tells the kiosk's area and direction with its sync-state (issue #35)
	private void keepPlacement(io.eventops.agent.http.SyncState state) {
		try {
			this.cache.keepPlacement(KioskPlacement.of(state.areaId(), state.direction()));
		}
		catch (RuntimeException ex) {
			// kept the next time the edge is asked; the log's sequence is what counts
			// here
			System.err.println("kiosk-agent: the kiosk's area was not kept: " + ex.getMessage());
		}
	}

	/**
	 * The kiosk's area and direction as the edge last told them, kept in the cache.
	 * @return the placement
	 */
	public KioskPlacement placement() {
		return this.cache.placement();
	}

	/**
	 * What the local cache knows of an earlier check-in of an attendee, for the kiosk to
	 * warn before checking in again, also offline.
	 * @param attendeeId the attendee
	 * @return e.g. "already checked in at kiosk-03", or empty when the cache knows of
	 * none
	 */
	public Optional<String> alreadyCheckedIn(String attendeeId) {
		return this.cache.find(attendeeId)
			.filter(CachedAttendee::checkedIn)
			.map((attendee) -> "already checked in at "
					+ ((attendee.checkedInBy() != null) ? attendee.checkedInBy() : "another station"));
	}

	/**
	 * Renews this kiosk's admission allowance from the edge, when it admits under one (an
	 * area with a capacity, invariant 14); a failure keeps the allowance it has.
	 * @return whether a new allowance was kept
	 */
	public boolean renewAllowance() {
		try {
			return this.allowance.renew();
		}
		catch (RuntimeException ex) {
			this.log.recordError("allowance renewal failed: " + ex.getMessage());
			return false;
		}
	}

	/**
	 * Who is inside this kiosk's area now, as the server counts it, for staff mode.
	 * @return the occupancy, or empty offline, without an area or without an answer in
	 * the admission check's budget
	 */
	public java.util.Optional<java.util.Map<String, Object>> occupancy() {
		if (this.cache.placement().areaId() == null) {
			return java.util.Optional.empty();
		}
		return this.edge.occupancy(this.config.admissionCheckBudget());
	}

	/**
	 * The admission allowance as staff mode shows it.
	 * @return the places left and the lease, or empty when the kiosk admits under none
	 */
	public java.util.Optional<AllowanceKeeper.Status> allowance() {
		return this.allowance.status();
	}

	/**
	 * One round of attendee-cache synchronisation (snapshot first, then changes;
	 * invariant 10).
	 * @param wait how long the server may hold the request when nothing is new
	 * @return what the round did
	 * @throws IOException when the edge cannot be reached
	 */
	public CacheSync.Round syncCache(Duration wait) throws IOException {
		// before the round, so that an offline kiosk forgets too; after it, so that a
		// snapshot of an event long over does not stay
		expireCache();
		CacheSync.Round round = this.cacheSync.syncOnce(wait);
		for (String attendeeId : round.erased()) {
			try {
				// the log's acknowledged entries may carry badge overrides (#38)
				this.log.forgetAcknowledged(attendeeId);
			}
			catch (RuntimeException ex) {
				// the log's retention takes them later; the cache round itself is done
				System.err.println(
						"kiosk-agent: the log's entries of an erased attendee were not deleted: " + ex.getMessage());
			}
		}
		expireCache();
		return round;
	}

	/**
	 * Deletes the cached attendees of an event that ended more than
	 * {@code cache-retention} ago (#38); runs when the agent opens and around every cache
	 * synchronisation round.
	 * @return how many attendees were deleted
	 */
	public int expireCache() {
		int deleted = this.cache.expire(this.clock.instant(), this.config.cacheRetention());
		if (deleted > 0) {
			// ids and counts only: the log never names a person (#38)
			System.err.println("kiosk-agent: cache-retention " + this.config.cacheRetention() + " passed for event "
					+ this.cache.eventId() + ": " + deleted + " cached attendees deleted");
		}
		return deleted;
	}

	/**
	 * The local attendee cache.
	 * @return the cache
	 */
	public AttendeeCache cache() {
		return this.cache;
	}

	/**
	 * Redeems an express code, online only: a prepared code is never redeemed offline, so
	 * without the edge this fails at once instead of queueing.
	 * @param code the code
	 * @param clientSubmissionId the attempt's id, the same on every retry of this attempt
	 * @param attendeeIds a subset of the code's attendees, or empty for all
	 * @return the edge's answer (status and JSON body)
	 * @throws ExpressCodeOfflineException when the edge cannot be reached
	 */
	public EdgeClient.Answer redeemExpressCode(String code, String clientSubmissionId, List<String> attendeeIds) {
		StringBuilder body = new StringBuilder("{\"clientSubmissionId\":\"").append(clientSubmissionId).append('"');
		if (!attendeeIds.isEmpty()) {
			body.append(",\"attendeeIds\":[");
			for (int i = 0; i < attendeeIds.size(); i++) {
				body.append((i > 0) ? "," : "").append('"').append(attendeeIds.get(i)).append('"');
			}
			body.append(']');
		}
		body.append('}');
		try {
			return this.edge.post("/express-codes/" + code + "/redeem",
					body.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new ExpressCodeOfflineException(
					"Express codes are redeemed online only, and the edge cannot be reached: " + ex.getMessage(), ex);
		}
	}

	/**
	 * Records a plain check-in captured now.
	 * @param attendeeId the attendee
	 * @return what it was stamped with
	 */
	public CheckInReceipt checkIn(String attendeeId) {
		return checkIn(CheckIn.of(attendeeId));
	}

	/**
	 * Makes sure the log knows where its sequence continues, asking the edge when it is
	 * fresh.
	 * @throws UncheckedIOException when the edge cannot be asked
	 */
	public void ensureSequence() {
		try {
			this.flusher.ensureSequence();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Kiosk " + this.config.kioskId()
					+ " has a fresh log and cannot learn its sequence from the edge, so it cannot record check-ins yet",
					ex);
		}
	}

	/**
	 * Runs one flush round now, in this thread.
	 * @return what it achieved
	 */
	public FlushRound flush() {
		return this.flusher.flushPending();
	}

	/**
	 * Flushes with backoff between failed rounds until drained or out of time.
	 * @param maxWait how long to keep trying
	 * @return the last round
	 * @throws InterruptedException when interrupted while waiting
	 */
	public FlushRound flushUntilDrained(Duration maxWait) throws InterruptedException {
		long deadline = this.clock.millis() + maxWait.toMillis();
		int failures = 0;
		while (true) {
			FlushRound round = flush();
			long left = deadline - this.clock.millis();
			if (round.drained() || left <= 0) {
				return round;
			}
			Duration delay = this.backoff.delay(failures++, round.retryAfter());
			this.waiter.await((delay.toMillis() < left) ? delay : Duration.ofMillis(left));
		}
	}

	/** Starts the background flush loop. */
	public void start() {
		this.loop.start("kiosk-agent-flush-" + this.config.kioskId());
	}

	/** Asks the background loop for an immediate attempt. */
	public void wake() {
		this.loop.wake();
	}

	/**
	 * The log's position and problems.
	 * @return the status
	 */
	public AgentStatus status() {
		LogState state = this.log.state();
		return new AgentStatus(state.kioskId(), state.lastSeq(), state.lastAckedSeq(), this.log.pendingCount(),
				this.log.storedCount(), this.log.deadLetters(), this.log.outcomeCounts(), state.sequenceKnown(),
				state.lastError(), state.lastErrorAt(), state.lastSuccessAt(), this.log.revocation());
	}

	/**
	 * The latest check-in this kiosk recorded for an attendee and where it stands.
	 * @param attendeeId the attendee
	 * @return its state, if recorded here
	 */
	public Optional<io.eventops.agent.log.EntryState> latestEntryFor(String attendeeId) {
		return this.log.latestFor(attendeeId);
	}

	/**
	 * A kiosk-facing read through the edge (badge status), online only.
	 * @param pathAndQuery the path below {@code /v1/kiosks/{kioskId}}
	 * @return the edge's answer
	 * @throws IOException when the edge cannot be reached
	 */
	public EdgeClient.Answer edgeGet(String pathAndQuery) throws IOException {
		return this.edge.get(pathAndQuery, this.config.requestTimeout());
	}

	/**
	 * The last outcome the edge gave for an entry.
	 * @param seq the entry's seq
	 * @return the outcome's name, if acknowledged (and not yet truncated)
	 */
	public Optional<String> outcomeOf(long seq) {
		return this.log.outcomeOf(seq);
	}

	/**
	 * Deletes acknowledged entries older than the retention now.
	 * @return how many were deleted
	 */
	public int truncate() {
		return this.log.truncate(this.config.retention());
	}

	/**
	 * The settings.
	 * @return the settings
	 */
	public AgentConfig config() {
		return this.config;
	}

	@Override
	public void close() {
		this.cache.close();
		this.loop.close();
		this.log.close();
		if (this.ownedHttp != null) {
			this.ownedHttp.close();
		}
	}

	/**
	 * Builds an agent with injected collaborators.
	 */
	public static final class Builder {

		private final AgentConfig config;

		private Clock clock = Clock.systemDefaultZone();

		private Waiter waiter = new SignalWaiter();

		private RandomGenerator random = RandomGenerator.getDefault();

		private NetworkGate network = NetworkGate.ALWAYS_UP;

		private HttpClient http;

		private Consumer<FlushRound> listener = (round) -> {
		};

		private Builder(AgentConfig config) {
			this.config = config;
		}

		/**
		 * The kiosk clock ({@code capturedAt}, {@code queuedAt}, retention).
		 * @param clock the clock
		 * @return this builder
		 */
		public Builder clock(Clock clock) {
			this.clock = clock;
			return this;
		}

		/**
		 * How the agent waits between attempts.
		 * @param waiter the waiter
		 * @return this builder
		 */
		public Builder waiter(Waiter waiter) {
			this.waiter = waiter;
			return this;
		}

		/**
		 * The jitter's source.
		 * @param random the source
		 * @return this builder
		 */
		public Builder random(RandomGenerator random) {
			this.random = random;
			return this;
		}

		/**
		 * Whether the kiosk's network is up (scripted outages).
		 * @param network the gate
		 * @return this builder
		 */
		public Builder network(NetworkGate network) {
			this.network = network;
			return this;
		}

		/**
		 * An HTTP client shared with other agents (the agent does not close it).
		 * @param http the client, see {@link EdgeClient#httpClient}
		 * @return this builder
		 */
		public Builder httpClient(HttpClient http) {
			this.http = http;
			return this;
		}

		/**
		 * Told about every round of the background loop.
		 * @param listener the listener
		 * @return this builder
		 */
		public Builder onRound(Consumer<FlushRound> listener) {
			this.listener = listener;
			return this;
		}

		/**
		 * Opens the agent.
		 * @return the agent
		 */
		public KioskAgent open() {
			return new KioskAgent(this);
		}

	}

	// what each request tells the edge (issue #37): the backlog and the log's free disk
	private EdgeClient.Contact contact() {
		if (this.log == null) {
			return null;
		}
		io.eventops.agent.log.LogState state = this.log.state();
		Long free;
		try {
			free = java.nio.file.Files.getFileStore(this.config.database().toAbsolutePath().getParent())
				.getUsableSpace();
		}
		catch (java.io.IOException | RuntimeException ex) {
			free = null;
		}
		return new EdgeClient.Contact(Math.max(0, state.lastSeq() - state.lastAckedSeq()), free);
	}

}
