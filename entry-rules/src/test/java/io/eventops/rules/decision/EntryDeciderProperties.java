package io.eventops.rules.decision;

import io.eventops.rules.decision.Scenarios.Scenario;
import io.eventops.rules.policy.CompiledPolicy;
import io.eventops.rules.policy.PolicyCompiler;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.TimeZone;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Invariant 12: the same inputs give the same decision on every machine, whatever the
 * order and duplication of the prior movements, the other attendees' movements beside
 * them (the server's venue-wide history) and the JVM's default time zone and locale.
 */
class EntryDeciderProperties {

	@Property(tries = 400)
	void theDecisionIsTheSameWhateverTheOrderDuplicationAndTheJvmsZoneAndLocale(@ForAll("scenarios") Scenario scenario,
			@ForAll Random random, @ForAll("zones") String kioskZone, @ForAll("locales") Locale kioskLocale,
			@ForAll("zones") String serverZone, @ForAll("locales") Locale serverLocale) {
		TimeZone savedZone = TimeZone.getDefault();
		Locale savedLocale = Locale.getDefault();
		try {
			TimeZone.setDefault(TimeZone.getTimeZone(kioskZone));
			Locale.setDefault(kioskLocale);
			Decision atKiosk = EntryDecider.decide(PolicyCompiler.compile(scenario.policy()), scenario.attempt(),
					scenario.movements(), scenario.occupancy());

			List<Movement> venue = new ArrayList<>(scenario.movements());
			scenario.movements().stream().filter((movement) -> random.nextBoolean()).forEach(venue::add);
			venue.addAll(scenario.others());
			Collections.shuffle(venue, random);
			TimeZone.setDefault(TimeZone.getTimeZone(serverZone));
			Locale.setDefault(serverLocale);
			CompiledPolicy atServer = PolicyCompiler.compile(scenario.policy());
			assertThat(EntryDecider.decide(atServer, scenario.attempt(), venue, scenario.occupancy()))
				.isEqualTo(atKiosk);
			Statistics.label("decision").collect(atKiosk.admitted() ? "ADMIT" : atKiosk.reason().name());
		}
		finally {
			TimeZone.setDefault(savedZone);
			Locale.setDefault(savedLocale);
		}
		// a property that never reaches the history-dependent checks proves little
		Statistics.label("decision").coverage((coverage) -> {
			coverage.check("ADMIT").count((count) -> count > 0);
			for (Reason reason : Reason.values()) {
				coverage.check(reason.name()).count((count) -> count > 0);
			}
		});
	}

	@Provide
	Arbitrary<Scenario> scenarios() {
		return Scenarios.scenarios();
	}

	@Provide
	Arbitrary<String> zones() {
		return Scenarios.zones();
	}

	@Provide
	Arbitrary<Locale> locales() {
		// locales with their own digits, calendars and case rules
		return Arbitraries.of(Locale.ROOT, Locale.GERMANY, Locale.forLanguageTag("tr-TR"),
				Locale.forLanguageTag("ar-SA"), Locale.forLanguageTag("th-TH-u-nu-thai"),
				Locale.forLanguageTag("hi-IN-u-nu-deva"), Locale.forLanguageTag("ja-JP-u-ca-japanese"));
	}

}
