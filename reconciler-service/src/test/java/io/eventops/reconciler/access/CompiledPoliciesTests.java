package io.eventops.reconciler.access;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import io.eventops.rules.policy.Area;
import io.eventops.rules.policy.CompiledPolicy;
import io.eventops.rules.policy.EventPolicy;
import io.eventops.rules.policy.PolicyCompiler;
import io.eventops.rules.policy.Reentry;
import io.eventops.rules.policy.TicketType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The replica's cache of compiled policy versions: loads a version once, stays within its
 * bound, and remembers nothing that does not exist.
 */
class CompiledPoliciesTests {

	@Test
	void aVersionIsLoadedOnceAndTheCacheKeepsItsBound() {
		CompiledPolicies cache = new CompiledPolicies(2);
		AtomicInteger loads = new AtomicInteger();
		for (int round = 0; round < 3; round++) {
			cache.get("evt", 1, () -> {
				loads.incrementAndGet();
				return Optional.empty();
			});
		}
		assertThat(loads).hasValue(3);
		assertThat(cache.size()).isZero();
		for (long version = 1; version <= 5; version++) {
			cache.get("evt", version, () -> Optional.of(compiled()));
		}
		assertThat(cache.size()).isEqualTo(2);
		cache.get("evt", 5, () -> {
			loads.incrementAndGet();
			return Optional.of(compiled());
		});
		assertThat(loads).hasValue(3);
	}

	private static CompiledPolicy compiled() {
		return PolicyCompiler.compile(new EventPolicy(1L, "Europe/Berlin", List.of(LocalDate.of(2026, 7, 16)),
				List.of(new TicketType("full", "Full", null)), List.of(new Area("desk", "Desk", List.of("full"), null,
						null, Reentry.ANY, null, true, null, null, null, null))));
	}

}
