package io.eventops.orchestrator.config;

import io.eventops.web.redis.RedisNamespaceProperties;
import org.springframework.stereotype.Component;

/**
 * The Redis key names of ARCHITECTURE.md, each behind the configured prefix; the printer
 * id is the hash tag so that a printer's queue and in-flight key share a cluster slot.
 */
@Component
public class RedisKeys {

	private final String prefix;

	public RedisKeys(RedisNamespaceProperties namespace) {
		this.prefix = namespace.keyPrefix();
	}

	public String prefix() {
		return this.prefix;
	}

	public String queue(String printerId) {
		return this.prefix + "print:q:{" + printerId + "}";
	}

	public String inflight(String printerId) {
		return this.prefix + "print:inflight:{" + printerId + "}";
	}

	public String done(String jobId) {
		return this.prefix + "print:done:{" + jobId + "}";
	}

	public String probeFailures(String printerId) {
		return this.prefix + "print:probefail:{" + printerId + "}";
	}

	public String agentLease(String printerId) {
		return this.prefix + "print:agent:{" + printerId + "}";
	}

	public String dispatchPaused() {
		return this.prefix + "ckin:dispatch:paused";
	}

}
