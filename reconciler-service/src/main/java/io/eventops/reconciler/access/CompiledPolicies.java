package io.eventops.reconciler.access;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import io.eventops.rules.policy.CompiledPolicy;

/**
 * The compiled policy versions of one replica, least recently used dropped first. A
 * version never changes once saved, so a cached one answers exactly what PostgreSQL
 * would: nothing here changes an answer between replicas.
 */
final class CompiledPolicies {

	private final Map<Key, CompiledPolicy> cache;

	CompiledPolicies(int size) {
		this.cache = new LinkedHashMap<>(16, 0.75f, true) {

			@Override
			protected boolean removeEldestEntry(Map.Entry<Key, CompiledPolicy> eldest) {
				return size() > size;
			}

		};
	}

	/**
	 * The compiled version, loaded on a miss.
	 * @param eventId the event
	 * @param version the version
	 * @param load reads and compiles the version, empty when it does not exist
	 * @return the compiled policy, or empty
	 */
	Optional<CompiledPolicy> get(String eventId, long version, Supplier<Optional<CompiledPolicy>> load) {
		Key key = new Key(eventId, version);
		synchronized (this.cache) {
			CompiledPolicy cached = this.cache.get(key);
			if (cached != null) {
				return Optional.of(cached);
			}
		}
		// compiled outside the lock: CEL compilation takes milliseconds; two threads may
		// compile the same version, and both results are equal
		Optional<CompiledPolicy> loaded = load.get();
		loaded.ifPresent((policy) -> {
			synchronized (this.cache) {
				this.cache.put(key, policy);
			}
		});
		return loaded;
	}

	int size() {
		synchronized (this.cache) {
			return this.cache.size();
		}
	}

	private record Key(String eventId, long version) {
	}

}
