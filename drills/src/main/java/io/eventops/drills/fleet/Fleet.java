package io.eventops.drills.fleet;

import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.eventops.agent.AgentStatus;
import io.eventops.agent.CheckIn;
import io.eventops.agent.KioskAgent;
import io.eventops.agent.admission.Admission;
import io.eventops.agent.cache.CachedPolicy;
import io.eventops.agent.backoff.BackoffPolicy;
import io.eventops.agent.config.AgentConfig;
import io.eventops.agent.http.EdgeClient;
import io.eventops.agent.http.TlsTrust;
import io.eventops.model.flush.EntryType;

/**
 * A fleet of real kiosk agents, one SQLite log and one HTTP client each (its own
 * connections and TLS session cache, as on a real device; the faults and timings go
 * through the drill's {@link DrillHttpClient}): opened and filled in parallel before any
 * clock starts, then flushed all at once (the herd) or run with their background loops
 * (the chaos drill).
 */
public final class Fleet implements AutoCloseable {

	private final Map<String, KioskAgent> agents = new LinkedHashMap<>();

	private final Map<String, KioskNetwork> networks = new LinkedHashMap<>();

	private final Map<String, SettableClock> clocks = new LinkedHashMap<>();

	private final List<HttpClient> clients = new ArrayList<>();

	// entries of the kiosks drained so far in flushAllAtOnce: the herd's progress line
	// reads it without touching the kiosks' logs inside the measured window
	private final AtomicLong drainedEntries = new AtomicLong();

	// each kiosk's backlog when flushAllAtOnce began: acknowledgedEntries counts from it
	private final Map<String, Long> pendingAtStart = new ConcurrentHashMap<>();

	// admission allowances kiosks took or renewed (issue #36)
	private final AtomicLong renewals = new AtomicLong();

	private Fleet() {
	}

	/**
	 * Opens one agent per kiosk; each asks the edge's sync-state once (a fresh log), so
	 * that, like a kiosk that was online before the outage, it holds a TLS session to
	 * resume when it reconnects.
	 * @param settings where and how
	 * @param tokens token by kiosk id
	 * @param http the drill's client: faults, timings and counts
	 * @param threads how many kiosks are opened at once
	 * @return the fleet
	 * @throws InterruptedException when interrupted
	 */
	public static Fleet open(FleetSettings settings, Map<String, String> tokens, DrillHttpClient http, int threads)
			throws InterruptedException {
		Fleet fleet = new Fleet();
		long index = 0;
		for (Map.Entry<String, String> kiosk : tokens.entrySet()) {
			AgentConfig defaults = AgentConfig.defaults(kiosk.getKey(), settings.edgeUrl(), kiosk.getValue());
			AgentConfig config = new AgentConfig(kiosk.getKey(), settings.edgeUrl(), kiosk.getValue(),
					settings.caFile(), settings.directory().resolve(kiosk.getKey() + ".kiosk.db"), settings.batchSize(),
					defaults.maxEntryBytes(), defaults.maxBatchBytes(), defaults.retention(), defaults.connectTimeout(),
					Duration.ofSeconds(60), settings.backoff(), Duration.ofSeconds(1), false);
			SettableClock clock = new SettableClock();
			KioskNetwork network = new KioskNetwork();
			HttpClient own = EdgeClient.httpClient(TlsTrust.context(settings.caFile()), config.connectTimeout());
			fleet.clients.add(own);
			fleet.clocks.put(kiosk.getKey(), clock);
			fleet.networks.put(kiosk.getKey(), network);
			fleet.agents.put(kiosk.getKey(),
					KioskAgent.builder(config)
						.httpClient(http.forKiosk(own))
						.network(network)
						.clock(clock)
						.random(new SplittableRandom(settings.seed() + index++))
						.open());
		}
		fleet.inParallel(threads, (id, agent) -> agent.ensureSequence());
		return fleet;
	}

	/**
	 * Records each kiosk's planned entries in its log, kiosks in parallel, each entry
	 * stamped with its planned {@code queuedAt} (the kiosk clock is set back for it).
	 * @param plan entries by kiosk
	 * @param threads how many kiosks write at once
	 * @throws InterruptedException when interrupted
	 */
	public void record(Map<String, List<PlannedEntry>> plan, int threads) throws InterruptedException {
		inParallel(threads, (id, agent) -> {
			SettableClock clock = this.clocks.get(id);
			for (PlannedEntry entry : plan.getOrDefault(id, List.of())) {
				clock.set(entry.queuedAt().toInstant());
				agent.checkIn(new CheckIn(entry.attendeeId(), entry.capturedAt(), false, null));
			}
			clock.followRealTime();
		});
	}

	/**
	 * Records each kiosk's planned entries under the event's access-control policy (issue
	 * #35), as kiosks cut off from the edge decide them: each kiosk's cache holds the
	 * policy, the kiosk is offline, and every scan is decided at capture time from the
	 * kiosk's own log ({@code CHECK_IN} with its decision, or {@code REFUSED}). Each
	 * entry is captured at its planned {@code queuedAt} (the kiosk clock is set back for
	 * it).
	 * @param plan entries by kiosk
	 * @param threads how many kiosks write at once
	 * @param policy the policy as saved on the server
	 * @return refused scans by kiosk, as seqs (they check nobody in)
	 * @throws InterruptedException when interrupted
	 */
	public Map<String, java.util.Set<Long>> recordUnderPolicy(Map<String, List<PlannedEntry>> plan, int threads,
			CachedPolicy policy) throws InterruptedException {
		return recordUnderPolicy(plan, threads, policy, false);
	}

	/**
	 * Records as {@link #recordUnderPolicy(Map, int, CachedPolicy)}, each kiosk at an
	 * area with a capacity first taking its admission allowance online (issue #36), so
	 * that it admits offline within it.
	 * @param plan entries by kiosk
	 * @param threads how many kiosks write at once
	 * @param policy the policy as saved on the server
	 * @param allowances whether kiosks take their allowance before the outage
	 * @return refused scans by kiosk, as seqs (they check nobody in)
	 * @throws InterruptedException when interrupted
	 */
	public Map<String, java.util.Set<Long>> recordUnderPolicy(Map<String, List<PlannedEntry>> plan, int threads,
			CachedPolicy policy, boolean allowances) throws InterruptedException {
		Map<String, java.util.Set<Long>> refused = new ConcurrentHashMap<>();
		inParallel(threads, (id, agent) -> {
			SettableClock clock = this.clocks.get(id);
			KioskNetwork network = this.networks.get(id);
			agent.cache().applyPolicy(agent.cache().streamSeq() + 1, policy);
			if (allowances) {
				takeAllowance(id, agent);
			}
			network.set(false);
			try {
				java.util.Set<Long> own = ConcurrentHashMap.newKeySet();
				for (PlannedEntry entry : plan.getOrDefault(id, List.of())) {
					clock.set(entry.queuedAt().toInstant());
					Admission admission = agent.pass(entry.attendeeId(), false)
						.orElseThrow(() -> new IllegalStateException(id
								+ ": the scan was not decided under the policy (no area or no policy in its cache)"));
					if (admission.type() == EntryType.REFUSED) {
						own.add(admission.seq());
					}
				}
				refused.put(id, own);
			}
			finally {
				network.set(true);
				clock.followRealTime();
			}
		});
		return refused;
	}

	// a kiosk at an area with a capacity takes its allowance before the outage, asking
	// again while the edge answers too late (a loaded machine): without one it would
	// refuse every scan AREA_FULL offline, and the herd would measure refusals
	private void takeAllowance(String id, KioskAgent agent) throws InterruptedException {
		long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
		while (agent.allowance().isPresent()) {
			if (agent.renewAllowance()) {
				this.renewals.incrementAndGet();
				return;
			}
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException(id + ": no admission allowance within 60 s");
			}
			Thread.sleep(200);
		}
	}

	/**
	 * Every kiosk syncs its attendee cache (long-polled changes) while a new policy
	 * version is saved, until its cache holds that version (issue #35: a policy change
	 * reaches the fleet through the snapshot/changes stream within seconds).
	 * @param save saves the new version once every kiosk is polling, and returns it
	 * @param maxWait how long a kiosk keeps syncing after the save
	 * @return by kiosk, the milliseconds from the save's request until its cache held the
	 * version; a kiosk that did not get it in time is absent
	 * @throws InterruptedException when interrupted
	 */
	public Map<String, Double> syncUntilPolicy(java.util.function.LongSupplier save, Duration maxWait)
			throws InterruptedException {
		Map<String, Double> reached = new ConcurrentHashMap<>();
		AtomicLong target = new AtomicLong(Long.MAX_VALUE);
		AtomicLong since = new AtomicLong();
		AtomicLong deadline = new AtomicLong(Long.MAX_VALUE);
		Thread kiosks = Thread.ofPlatform().name("fleet-policy-sync").start(() -> {
			try {
				inParallel(this.agents.size(), (id, agent) -> {
					while (System.nanoTime() < deadline.get()) {
						long version = target.get();
						if (agent.cache().storedPolicy().filter((policy) -> policy.version() >= version).isPresent()) {
							reached.put(id, (System.nanoTime() - since.get()) / 1e6);
							return;
						}
						try {
							agent.syncCache(Duration.ofSeconds(1));
						}
						catch (java.io.IOException ex) {
							Thread.sleep(100);
						}
					}
				});
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		// every kiosk in its long poll before the save
		Thread.sleep(1500);
		since.set(System.nanoTime());
		long version = save.getAsLong();
		deadline.set(System.nanoTime() + maxWait.toNanos());
		target.set(version);
		kiosks.join();
		return reached;
	}

	/**
	 * One cache sync round on every kiosk (its snapshot, on a fresh cache).
	 * @throws InterruptedException when interrupted
	 */
	public void syncCachesOnce() throws InterruptedException {
		inParallel(this.agents.size(), (id, agent) -> agent.syncCache(Duration.ZERO));
	}

	/**
	 * Every kiosk flushes its backlog at the same moment, each in its own thread, until
	 * drained or out of time.
	 * @param maxWait how long a kiosk keeps trying
	 * @return timings
	 * @throws InterruptedException when interrupted
	 */
	public FlushResult flushAllAtOnce(Duration maxWait) throws InterruptedException {
		return flushAllAtOnce(maxWait, false);
	}

	/**
	 * As {@link #flushAllAtOnce(Duration)}, each kiosk that drained then renewing its
	 * admission allowance (issue #36), as a kiosk agent's flush loop does after every
	 * round that drains its backlog: inside the measured wall time, after the kiosk's
	 * drain time.
	 * @param maxWait how long a kiosk keeps flushing
	 * @param renewAllowances whether a drained kiosk renews its allowance
	 * @return the flush's timings
	 * @throws InterruptedException when interrupted
	 */
	public FlushResult flushAllAtOnce(Duration maxWait, boolean renewAllowances) throws InterruptedException {
		CountDownLatch ready = new CountDownLatch(this.agents.size());
		CountDownLatch go = new CountDownLatch(1);
		Map<String, Long> drained = new ConcurrentHashMap<>();
		List<Thread> threads = new ArrayList<>();
		long[] start = new long[1];
		this.drainedEntries.set(0);
		this.pendingAtStart.clear();
		for (Map.Entry<String, KioskAgent> kiosk : this.agents.entrySet()) {
			long pending = kiosk.getValue().status().pending();
			this.pendingAtStart.put(kiosk.getKey(), pending);
			threads.add(Thread.ofPlatform().name("herd-" + kiosk.getKey()).start(() -> {
				ready.countDown();
				try {
					go.await();
					if (kiosk.getValue().flushUntilDrained(maxWait).drained()) {
						drained.put(kiosk.getKey(), System.nanoTime() - start[0]);
						this.drainedEntries.addAndGet(pending);
						if (renewAllowances && kiosk.getValue().renewAllowance()) {
							this.renewals.incrementAndGet();
						}
					}
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}));
		}
		ready.await();
		start[0] = System.nanoTime();
		go.countDown();
		for (Thread thread : threads) {
			thread.join(maxWait.toMillis() + 60_000);
		}
		long wall = System.nanoTime() - start[0];
		return new FlushResult(wall, new TreeMap<>(drained), this.agents.size() - drained.size());
	}

	/**
	 * Admission allowances the kiosks took or renewed (issue #36), in
	 * {@link #recordUnderPolicy(Map, int, CachedPolicy, boolean)} and
	 * {@link #flushAllAtOnce(Duration, boolean)}.
	 * @return how many
	 */
	public long allowancesTaken() {
		return this.renewals.get();
	}

	/**
	 * Entries of the kiosks that have drained so far in the running (or last)
	 * {@link #flushAllAtOnce}, counted without reading any kiosk's log.
	 * @return the entries
	 */
	public long drainedEntries() {
		return this.drainedEntries.get();
	}

	/**
	 * Entries acknowledged so far in the running (or last) {@link #flushAllAtOnce}, as
	 * they are answered, also of kiosks still flushing: each kiosk's backlog at the start
	 * less its backlog now. It reads every kiosk's log, so it is for the unmeasured
	 * warm-up's progress line (whose kiosks flush many small requests each and drain only
	 * at the end), not for the measured herd's.
	 * @return the entries
	 */
	public long acknowledgedEntries() {
		long acknowledged = 0;
		for (Map.Entry<String, Long> kiosk : this.pendingAtStart.entrySet()) {
			KioskAgent agent = this.agents.get(kiosk.getKey());
			acknowledged += Math.max(0, kiosk.getValue() - agent.status().pending());
		}
		return acknowledged;
	}

	/**
	 * Entries acknowledged so far over every kiosk (each kiosk's log read once): for the
	 * progress line of the chaos and rollout drills, whose fleets are small.
	 * @return the sum of every kiosk's acknowledged watermark
	 */
	public long acknowledgedNow() {
		long sum = 0;
		for (KioskAgent agent : this.agents.values()) {
			sum += agent.status().watermark();
		}
		return sum;
	}

	/**
	 * Starts every agent's background flush loop.
	 */
	public void startLoops() {
		this.agents.values().forEach(KioskAgent::start);
	}

	/**
	 * Waits until every kiosk's background loop has drained its log, waking each loop (a
	 * loop deep in backoff would otherwise sit out its wait).
	 * @param maxWait how long to wait
	 * @return whether every log drained
	 * @throws InterruptedException when interrupted
	 */
	public boolean awaitDrained(Duration maxWait) throws InterruptedException {
		long deadline = System.nanoTime() + maxWait.toNanos();
		while (System.nanoTime() < deadline) {
			this.agents.values().forEach(KioskAgent::wake);
			if (this.agents.values().stream().allMatch((agent) -> agent.status().pending() == 0)) {
				return true;
			}
			Thread.sleep(250);
		}
		return false;
	}

	/**
	 * The kiosk ids, in order.
	 * @return the ids
	 */
	public List<String> kioskIds() {
		return List.copyOf(this.agents.keySet());
	}

	/**
	 * One kiosk's agent.
	 * @param kioskId the kiosk
	 * @return its agent
	 */
	public KioskAgent agent(String kioskId) {
		return this.agents.get(kioskId);
	}

	/**
	 * One kiosk's network switch.
	 * @param kioskId the kiosk
	 * @return its switch
	 */
	public KioskNetwork network(String kioskId) {
		return this.networks.get(kioskId);
	}

	/**
	 * Every kiosk's status.
	 * @return status by kiosk
	 */
	public Map<String, AgentStatus> statuses() {
		Map<String, AgentStatus> statuses = new LinkedHashMap<>();
		this.agents.forEach((id, agent) -> statuses.put(id, agent.status()));
		return statuses;
	}

	/**
	 * The last outcome every kiosk got for each of its entries.
	 * @param threads kiosks read at once
	 * @return by kiosk, outcome by seq (absent: never acknowledged)
	 * @throws InterruptedException when interrupted
	 */
	public Map<String, Map<Long, String>> outcomes(int threads) throws InterruptedException {
		Map<String, Map<Long, String>> all = new ConcurrentHashMap<>();
		inParallel(threads, (id, agent) -> {
			Map<Long, String> outcomes = new TreeMap<>();
			long last = agent.status().lastSeq();
			for (long seq = 1; seq <= last; seq++) {
				long s = seq;
				agent.outcomeOf(seq).ifPresent((outcome) -> outcomes.put(s, outcome));
			}
			all.put(id, outcomes);
		});
		return new TreeMap<>(all);
	}

	@Override
	public void close() {
		this.agents.values().forEach(KioskAgent::close);
		this.clients.forEach(HttpClient::close);
	}

	private void inParallel(int threads, KioskTask task) throws InterruptedException {
		ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads),
				Thread.ofPlatform().daemon().name("fleet-", 0).factory());
		try {
			List<Future<?>> futures = new ArrayList<>();
			this.agents.forEach((id, agent) -> futures.add(pool.submit(() -> {
				task.run(id, agent);
				return null;
			})));
			for (Future<?> future : futures) {
				try {
					future.get();
				}
				catch (java.util.concurrent.ExecutionException ex) {
					throw new IllegalStateException("A kiosk failed: " + ex.getCause().getMessage(), ex.getCause());
				}
			}
		}
		finally {
			pool.shutdownNow();
			pool.awaitTermination(30, TimeUnit.SECONDS);
		}
	}

	/**
	 * Work done for one kiosk.
	 */
	@FunctionalInterface
	private interface KioskTask {

		void run(String kioskId, KioskAgent agent) throws Exception;

	}

	/**
	 * How the fleet's agents are set up.
	 *
	 * @param edgeUrl the edge
	 * @param caFile the edge's CA file
	 * @param directory where the SQLite logs live
	 * @param batchSize entries per flush request
	 * @param backoff the retry schedule
	 * @param seed the seed of the agents' jitter
	 */
	public record FleetSettings(URI edgeUrl, Path caFile, Path directory, int batchSize, BackoffPolicy backoff,
			long seed) {
	}

}
