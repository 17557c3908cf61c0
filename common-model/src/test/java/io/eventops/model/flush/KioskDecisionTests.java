package io.eventops.model.flush;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class KioskDecisionTests {

	@Test
	void anAdmissionHasNoReasonAndARefusalOneOfTheList() {
		assertThat(KioskDecision.admit().reason()).isNull();
		assertThat(KioskDecision.refuse("ALREADY_ENTERED").decision()).isEqualTo(KioskDecision.Decision.REFUSE);
		assertThatIllegalArgumentException().isThrownBy(() -> new KioskDecision(KioskDecision.Decision.ADMIT, "RULE"));
		assertThatIllegalArgumentException().isThrownBy(() -> KioskDecision.refuse(null));
		assertThatIllegalArgumentException().isThrownBy(() -> KioskDecision.refuse("SOLD_OUT"));
	}

	@Test
	void aContractV1EntryHasNoAreaPolicyDecisionOrAnnulment() {
		FlushEntry entry = new FlushEntry(1, "k:1", EntryType.CHECK_IN, "a-1", null, null, false, null);
		assertThat(entry.areaId()).isNull();
		assertThat(entry.policyVersion()).isNull();
		assertThat(entry.kioskDecision()).isNull();
		assertThat(entry.annuls()).isNull();
	}

}
