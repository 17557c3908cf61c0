package io.eventops.drills.fleet;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * The kiosks' HTTP client: delegates to a real client over HTTPS, times every flush
 * request, and injects the faults of {@link KioskFaults} between kiosk and edge (a lost
 * answer after the edge committed, a batch sent twice, an earlier batch sent again after
 * later ones). Each kiosk sends through its own client ({@link #forKiosk}); all of them
 * share one line of faults, timings and counts.
 */
public final class DrillHttpClient extends HttpClient {

	private static final int REPLAY_BUFFER = 32;

	private final HttpClient delegate;

	private final Line line;

	/**
	 * A client.
	 * @param delegate the real client (trusting the edge)
	 * @param seed the seed of the fault choices
	 */
	public DrillHttpClient(HttpClient delegate, long seed) {
		this(delegate, new Line(seed));
	}

	private DrillHttpClient(HttpClient delegate, Line line) {
		this.delegate = delegate;
		this.line = line;
	}

	/**
	 * One kiosk's own client: it sends over {@code delegate} (the kiosk's own connections
	 * and TLS session cache, as on a real device, so that it resumes its session after an
	 * outage) and shares this client's faults, timings and counts.
	 * @param delegate the kiosk's real client
	 * @return the kiosk's client
	 */
	public DrillHttpClient forKiosk(HttpClient delegate) {
		return new DrillHttpClient(delegate, this.line);
	}

	/**
	 * Sets the faults injected from now on.
	 * @param faults the probabilities
	 */
	public void faults(KioskFaults faults) {
		this.line.faults = faults;
	}

	/**
	 * Every flush request so far.
	 * @return the timings
	 */
	public List<BatchTiming> timings() {
		return new ArrayList<>(this.line.timings);
	}

	/** Forgets the timings so far (the herd measures only its own flush). */
	public void clearTimings() {
		this.line.timings.clear();
	}

	/**
	 * How many faults of each kind were injected.
	 * @return count by fault
	 */
	public Map<String, Integer> injected() {
		Map<String, Integer> counts = new TreeMap<>();
		this.line.injected.forEach((fault, count) -> counts.put(fault, count.get()));
		return counts;
	}

	/**
	 * Flush requests on the wire right now.
	 * @return the count
	 */
	public int inFlight() {
		return this.line.inFlight.get();
	}

	@Override
	public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
			throws IOException, InterruptedException {
		boolean flush = "POST".equals(request.method()) && request.uri().getPath().endsWith("/flush");
		if (!flush) {
			return this.delegate.send(request, handler);
		}
		KioskFaults now = this.line.faults;
		HttpRequest earlier = null;
		boolean duplicate;
		boolean lose;
		Line shared = this.line;
		synchronized (shared.random) {
			if (!shared.recent.isEmpty() && shared.random.nextDouble() < now.reorder()) {
				earlier = shared.recent.pollFirst();
			}
			duplicate = shared.random.nextDouble() < now.duplicate();
			lose = shared.random.nextDouble() < now.lostAck();
			shared.recent.addLast(request);
			if (shared.recent.size() > REPLAY_BUFFER) {
				shared.recent.pollFirst();
			}
		}
		if (earlier != null) {
			count("reorder");
			timed(earlier, HttpResponse.BodyHandlers.discarding(), "reorder");
		}
		HttpResponse<T> response = timed(request, handler, lose ? "lost-ack" : null);
		if (duplicate) {
			count("duplicate");
			timed(request, HttpResponse.BodyHandlers.discarding(), "duplicate");
		}
		if (lose && response.statusCode() == 200) {
			count("lost-ack");
			throw new IOException("the answer was lost on the way back (injected by the drill)");
		}
		return response;
	}

	private <T> HttpResponse<T> timed(HttpRequest request, HttpResponse.BodyHandler<T> handler, String fault)
			throws IOException, InterruptedException {
		long start = System.nanoTime();
		this.line.inFlight.incrementAndGet();
		int status = 0;
		boolean retryAfter = false;
		try {
			HttpResponse<T> response = this.delegate.send(request, handler);
			status = response.statusCode();
			retryAfter = response.headers().firstValue("Retry-After").isPresent();
			return response;
		}
		finally {
			this.line.inFlight.decrementAndGet();
			this.line.timings.add(new BatchTiming(start, System.nanoTime() - start, status, fault, retryAfter));
		}
	}

	private void count(String fault) {
		this.line.injected.get(fault).incrementAndGet();
	}

	@Override
	public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
		return this.delegate.sendAsync(request, handler);
	}

	@Override
	public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler,
			HttpResponse.PushPromiseHandler<T> push) {
		return this.delegate.sendAsync(request, handler, push);
	}

	@Override
	public Optional<CookieHandler> cookieHandler() {
		return this.delegate.cookieHandler();
	}

	@Override
	public Optional<Duration> connectTimeout() {
		return this.delegate.connectTimeout();
	}

	@Override
	public Redirect followRedirects() {
		return this.delegate.followRedirects();
	}

	@Override
	public Optional<ProxySelector> proxy() {
		return this.delegate.proxy();
	}

	@Override
	public SSLContext sslContext() {
		return this.delegate.sslContext();
	}

	@Override
	public SSLParameters sslParameters() {
		return this.delegate.sslParameters();
	}

	@Override
	public Optional<Authenticator> authenticator() {
		return this.delegate.authenticator();
	}

	@Override
	public Version version() {
		return this.delegate.version();
	}

	@Override
	public Optional<Executor> executor() {
		return this.delegate.executor();
	}

	/**
	 * What every kiosk's client shares: the fault choices, the timings and the counts.
	 */
	private static final class Line {

		private final SplittableRandom random;

		private final ConcurrentLinkedQueue<BatchTiming> timings = new ConcurrentLinkedQueue<>();

		private final Deque<HttpRequest> recent = new ArrayDeque<>();

		private final Map<String, AtomicInteger> injected = new TreeMap<>();

		private final AtomicInteger inFlight = new AtomicInteger();

		private volatile KioskFaults faults = KioskFaults.NONE;

		Line(long seed) {
			this.random = new SplittableRandom(seed);
			for (String fault : List.of("lost-ack", "duplicate", "reorder")) {
				this.injected.put(fault, new AtomicInteger());
			}
		}

	}

}
