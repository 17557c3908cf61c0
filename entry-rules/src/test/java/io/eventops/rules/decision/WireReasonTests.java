package io.eventops.rules.decision;

import java.util.Arrays;

import io.eventops.model.flush.KioskDecision;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reasons a kiosk may send in an entry's {@code kioskDecision} are the decision's
 * own, in its order: a new reason here must reach the wire model too.
 */
class WireReasonTests {

	@Test
	void theWireListsEveryReasonOfTheDecisionInItsOrder() {
		assertThat(KioskDecision.REASONS)
			.containsExactlyElementsOf(Arrays.stream(Reason.values()).map(Enum::name).toList());
	}

}
