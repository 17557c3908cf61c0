package io.eventops.edge.flush;

import java.time.Duration;
import java.util.Optional;

import io.eventops.edge.web.EdgeException;
import io.eventops.web.admission.AdmissionLane;
import io.eventops.edge.forward.ReconcilerLinkProperties;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The live lane before the reconciler call (issues #24, #39): how many large flushes (an
 * outage backlog) this replica checks at once. At a reconnect herd every kiosk's
 * 500-entry batch arrives at the same moment, and parsing, validating and encoding a
 * hundred of them at once makes a hundred runnable threads on two cores, among which a
 * live kiosk's one-entry check-in gets a hundredth of the CPU. A large body waits here
 * (parked, not runnable) for the {@code backlog-checks} admission lane, whose limit
 * adapts to how long a check takes and stays below the cores; a body of at most
 * {@code live-max-body-bytes} never waits. A body is read whole before it enters (issue
 * #42): a client that trickles its body in must not hold a permit while it does. Per
 * replica, as the reconciler lanes: what it shares out is this replica's CPU.
 */
@Component
final class CheckLanes {

	static final String LANE = "edge-checks";

	private static final Permit NONE = () -> {
	};

	private final AdmissionLane backlog;

	private final long liveMaxBodyBytes;

	private final Duration maxWait;

	private final Duration retryAfter;

	@Autowired
	CheckLanes(FlushProperties properties, ReconcilerLinkProperties link, MeterRegistry registry) {
		this(properties, link.maxQueueWait(), link.retryAfter(), registry);
	}

	CheckLanes(FlushProperties properties, Duration maxWait, Duration retryAfter, MeterRegistry registry) {
		this.backlog = new AdmissionLane(LANE, properties.backlogChecks(), registry);
		this.liveMaxBodyBytes = properties.liveMaxBodyBytes();
		this.maxWait = maxWait;
		this.retryAfter = retryAfter;
	}

	/**
	 * Enters the checking of one flush body.
	 * @param contentLength the body's length, or {@code -1} when unknown (counted as
	 * large)
	 * @return the permit, to close once the body is checked
	 * @throws EdgeException 503 with {@code Retry-After} when a large body waited
	 * {@code max-queue-wait} in vain (nothing checked, nothing acknowledged)
	 */
	Permit enter(long contentLength) {
		if (contentLength >= 0 && contentLength <= this.liveMaxBodyBytes) {
			return NONE;
		}
		Optional<AdmissionLane.Permit> permit = this.backlog.enter(this.maxWait);
		if (permit.isEmpty()) {
			throw EdgeException.unavailable(this.retryAfter);
		}
		return permit.get()::close;
	}

	/**
	 * Large bodies being checked right now.
	 * @return how many
	 */
	int checking() {
		return this.backlog.inFlight();
	}

	/**
	 * Large bodies waiting to be checked.
	 * @return how many
	 */
	int waiting() {
		return this.backlog.waiting();
	}

	/**
	 * The lane's current limit.
	 * @return how many large bodies may be checked at once now
	 */
	int limit() {
		return this.backlog.limit();
	}

	/** A permit, closed once the body is checked. */
	interface Permit extends AutoCloseable {

		@Override
		void close();

	}

}
