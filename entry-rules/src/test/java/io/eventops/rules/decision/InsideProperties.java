package io.eventops.rules.decision;

import io.eventops.rules.decision.Scenarios.Scenario;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Invariant 13: any permutation and duplication of the same movements gives the same
 * inside set.
 */
class InsideProperties {

	@Property(tries = 300)
	void insideNowIsTheSameWhateverTheOrderAndDuplication(@ForAll("scenarios") Scenario scenario,
			@ForAll Random random) {
		List<Movement> movements = new ArrayList<>(scenario.movements());
		movements.addAll(scenario.others());
		List<Movement> arrived = new ArrayList<>(movements);
		movements.stream().filter((movement) -> random.nextBoolean()).forEach(arrived::add);
		Collections.shuffle(arrived, random);
		for (String areaId : List.of("a0", "a1", "a2")) {
			assertThat(Inside.now(areaId, arrived)).isEqualTo(Inside.now(areaId, movements));
		}
	}

	@Provide
	Arbitrary<Scenario> scenarios() {
		return Scenarios.scenarios();
	}

}
