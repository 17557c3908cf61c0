package io.eventops.edge.rules;

import java.time.Clock;

import io.eventops.edge.rules.redis.RedisCaptureStore;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.context.annotation.Configuration;

/**
 * Wires the plain-Java time rules with their bound settings and the system clock.
 */
@Configuration(proxyBeanMethods = false)
class RulesConfiguration {

	// the capture history in Redis: every replica checks a kiosk's flags alike
	@Bean
	TimeRules timeRules(RuleProperties properties, StringRedisTemplate redis,
			@Value("${eventops.redis.key-prefix:}") String keyPrefix, MeterRegistry meters) {
		RuleSettings settings = properties.settings();
		return new TimeRules(settings, Clock.systemUTC(),
				new RedisCaptureStore(redis, keyPrefix, settings.historyPerKiosk(), meters));
	}

}
