package io.eventops.orchestrator.metrics;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import org.springframework.stereotype.Component;

/**
 * The orchestrator's meters: per printer state and queue depth gauges and print latency,
 * failover counts and duration.
 */
@Component
public class PrintMetrics {

	private final MeterRegistry registry;

	private final Map<String, PrinterGauges> printers = new ConcurrentHashMap<>();

	private final Counter failovers;

	private final Counter moved;

	private final Counter skipped;

	private final Timer failoverDuration;

	public PrintMetrics(MeterRegistry registry) {
		this.registry = registry;
		this.failovers = Counter.builder("eventops.print.failovers")
			.description("Failovers of a printer's work to other printers")
			.register(registry);
		this.moved = Counter.builder("eventops.print.jobs.moved")
			.description("Jobs moved off a dead printer")
			.register(registry);
		this.skipped = Counter.builder("eventops.print.jobs.skipped")
			.description("Jobs of a dead printer skipped because they were confirmed printed or held elsewhere")
			.register(registry);
		this.failoverDuration = Timer.builder("eventops.print.failover.duration")
			.description("From the first missed probe (or the failover request) until the dead printer is drained")
			.register(registry);
	}

	/**
	 * Records what a probe saw.
	 * @param printerId the printer
	 * @param stateOrdinal the printer state's ordinal (UP 0, SUSPECT 1, DOWN 2, DISABLED
	 * 3)
	 * @param depth jobs the printer holds
	 */
	public void printer(String printerId, int stateOrdinal, long depth) {
		PrinterGauges gauges = this.printers.computeIfAbsent(printerId, this::register);
		gauges.state.set(stateOrdinal);
		gauges.depth.set(depth);
	}

	/**
	 * Removes a printer's state and depth series: this replica no longer holds the
	 * printer's lease (or no longer drives it at all), and only the holder may report its
	 * state, or a dashboard would show the former holder's last DOWN or DISABLED beside
	 * the real state.
	 * @param printerId the printer
	 */
	public void forget(String printerId) {
		PrinterGauges gauges = this.printers.remove(printerId);
		if (gauges != null) {
			this.registry.remove(gauges.stateGauge());
			this.registry.remove(gauges.depthGauge());
		}
	}

	/**
	 * Records one print attempt.
	 * @param printerId the printer
	 * @param outcome PRINTED, UNKNOWN or NOT_SENT
	 * @param duration how long it took
	 */
	public void print(String printerId, String outcome, Duration duration) {
		Timer.builder("eventops.print.latency")
			.description("Send-to-confirmation time of one badge")
			.tag("printer", printerId)
			.tag("outcome", outcome)
			.register(this.registry)
			.record(duration);
	}

	/**
	 * Records one failover.
	 * @param movedJobs jobs moved off the dead printer
	 * @param skippedJobs jobs skipped
	 * @param duration first missed probe (or request) until drained
	 */
	public void failover(int movedJobs, int skippedJobs, Duration duration) {
		this.failovers.increment();
		this.moved.increment(movedJobs);
		this.skipped.increment(skippedJobs);
		this.failoverDuration.record(duration);
	}

	private PrinterGauges register(String printerId) {
		AtomicLong state = new AtomicLong();
		AtomicLong depth = new AtomicLong();
		Gauge stateGauge = Gauge.builder("eventops.print.printer.state", state, AtomicLong::get)
			.description("Printer state: 0 UP, 1 SUSPECT, 2 DOWN, 3 DISABLED (reported by the lease holder only)")
			.tag("printer", printerId)
			.register(this.registry);
		Gauge depthGauge = Gauge.builder("eventops.print.queue.depth", depth, AtomicLong::get)
			.description("Jobs queued or in flight on the printer (reported by the lease holder only)")
			.tag("printer", printerId)
			.register(this.registry);
		return new PrinterGauges(state, depth, stateGauge, depthGauge);
	}

	private record PrinterGauges(AtomicLong state, AtomicLong depth, Gauge stateGauge, Gauge depthGauge) {
	}

}
