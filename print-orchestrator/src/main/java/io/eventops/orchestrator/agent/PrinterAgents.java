package io.eventops.orchestrator.agent;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.eventops.orchestrator.config.PrintProperties;
import io.eventops.orchestrator.dispatch.Dispatcher;
import io.eventops.orchestrator.metrics.PrintMetrics;
import io.eventops.orchestrator.printer.Printer;
import io.eventops.orchestrator.printer.PrinterRegistry;
import io.eventops.orchestrator.probe.HealthProbe;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Runs one agent per registered printer: a probe loop and a dispatch loop, each on its
 * own virtual thread, active only while this replica holds the printer's lease.
 */
@Component
class PrinterAgents implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(PrinterAgents.class);

	// An out printer is probed less often: it only needs a clean probe before ops enable
	// it.
	private static final int OUT_PROBE_DIVISOR = 5;

	private final PrinterRegistry registry;

	private final HealthProbe probe;

	private final Dispatcher dispatcher;

	private final AgentLease lease;

	private final PrintMetrics metrics;

	private final Duration probeInterval;

	private final Duration idleInterval;

	private final Map<String, Agent> agents = new ConcurrentHashMap<>();

	private volatile boolean running;

	private Thread supervisor;

	PrinterAgents(PrinterRegistry registry, HealthProbe probe, Dispatcher dispatcher, AgentLease lease,
			PrintMetrics metrics, PrintProperties properties) {
		this.metrics = metrics;
		this.registry = registry;
		this.probe = probe;
		this.dispatcher = dispatcher;
		this.lease = lease;
		this.probeInterval = properties.probeInterval();
		Duration idle = properties.probeInterval().dividedBy(2);
		this.idleInterval = (idle.compareTo(Duration.ofMillis(100)) > 0) ? Duration.ofMillis(100) : idle;
	}

	@Override
	public void start() {
		this.running = true;
		this.supervisor = Thread.ofVirtual().name("printer-agents").start(this::supervise);
	}

	@Override
	public void stop() {
		this.running = false;
		if (this.supervisor != null) {
			this.supervisor.interrupt();
		}
		this.agents.values().forEach(Agent::interrupt);
		this.agents.values().forEach((agent) -> {
			// A step still running (a PostgreSQL call outlives the interrupt) keeps the
			// lease until it expires: released now, another replica would dispatch to
			// the printer beside it.
			if (agent.join()) {
				releaseQuietly(agent.printerId);
			}
			else {
				logger.warn("Agent of printer {} did not stop in time; its lease is left to expire", agent.printerId);
			}
			this.metrics.forget(agent.printerId);
		});
		this.agents.clear();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	@Override
	public int getPhase() {
		// stop before the web server and the data sources go away
		return Integer.MAX_VALUE - 10;
	}

	private void supervise() {
		while (this.running) {
			try {
				List<Printer> printers = this.registry.all();
				for (Printer printer : printers) {
					this.agents.computeIfAbsent(printer.printerId(), this::startAgent);
				}
			}
			catch (RuntimeException ex) {
				logger.warn("Could not list printers: {}", ex.getMessage());
			}
			if (!pause(this.probeInterval)) {
				return;
			}
		}
	}

	private Agent startAgent(String printerId) {
		Agent agent = new Agent(printerId);
		agent.probeThread = Thread.ofVirtual().name("probe-" + printerId).start(agent::probeLoop);
		agent.dispatchThread = Thread.ofVirtual().name("dispatch-" + printerId).start(agent::dispatchLoop);
		return agent;
	}

	private void releaseQuietly(String printerId) {
		try {
			this.lease.release(printerId);
		}
		catch (RuntimeException ex) {
			logger.debug("Could not release the lease of printer {}: {}", printerId, ex.getMessage());
		}
	}

	private boolean pause(Duration duration) {
		try {
			TimeUnit.NANOSECONDS.sleep(duration.toNanos());
			return this.running;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/**
	 * The two loops of one printer.
	 */
	private final class Agent {

		private final String printerId;

		private volatile long heldUntilNanos;

		private volatile Thread probeThread;

		private volatile Thread dispatchThread;

		private long probes;

		private Agent(String printerId) {
			this.printerId = printerId;
		}

		private void probeLoop() {
			while (PrinterAgents.this.running) {
				try {
					long now = System.nanoTime();
					if (PrinterAgents.this.lease.hold(this.printerId)) {
						// trust the lease for two thirds of its TTL, renewal happens
						// every probe
						this.heldUntilNanos = now + PrinterAgents.this.lease.ttl().toNanos() * 2 / 3;
						if (shouldProbe()) {
							PrinterAgents.this.probe.probe(this.printerId);
						}
					}
					else {
						if (this.heldUntilNanos != 0) {
							// another replica holds the lease now: it alone reports the
							// printer's state, so this replica's series go at once
							PrinterAgents.this.metrics.forget(this.printerId);
						}
						this.heldUntilNanos = 0;
					}
				}
				catch (RuntimeException ex) {
					logger.warn("Probe of printer {} failed: {}", this.printerId, ex.toString());
				}
				if (!pause(PrinterAgents.this.probeInterval)) {
					return;
				}
			}
		}

		private boolean shouldProbe() {
			this.probes++;
			if (this.probes % OUT_PROBE_DIVISOR == 0) {
				return true;
			}
			return PrinterAgents.this.registry.find(this.printerId)
				.map((printer) -> !printer.state().out())
				.orElse(false);
		}

		private void dispatchLoop() {
			while (PrinterAgents.this.running) {
				boolean worked = false;
				try {
					if (System.nanoTime() < this.heldUntilNanos) {
						worked = PrinterAgents.this.dispatcher.step(this.printerId, this::mustStop);
					}
				}
				catch (RuntimeException ex) {
					logger.warn("Dispatch to printer {} failed: {}", this.printerId, ex.toString());
				}
				if (!worked && !pause(PrinterAgents.this.idleInterval)) {
					return;
				}
			}
		}

		// shutting down, or the lease is no longer trusted (a step that outlived it, as
		// after a PostgreSQL stall longer than its TTL, sends nothing more)
		private boolean mustStop() {
			return !PrinterAgents.this.running || System.nanoTime() >= this.heldUntilNanos;
		}

		private void interrupt() {
			interrupt(this.probeThread);
			interrupt(this.dispatchThread);
		}

		// whether both loops ended
		private boolean join() {
			return join(this.probeThread) & join(this.dispatchThread);
		}

		private static void interrupt(Thread thread) {
			if (thread != null) {
				thread.interrupt();
			}
		}

		private static boolean join(Thread thread) {
			if (thread == null) {
				return true;
			}
			try {
				return thread.join(Duration.ofSeconds(5));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
		}

	}

}
