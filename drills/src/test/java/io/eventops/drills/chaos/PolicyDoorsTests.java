package io.eventops.drills.chaos;

import java.time.OffsetDateTime;

import io.eventops.drills.herd.HerdPolicy;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PolicyDoorsTests {

	@Test
	void theBadgeAreaIsTheOneThePolicyPrintsBadgesAt() {
		assertThat(PolicyDoors.badgeArea(HerdPolicy.json(OffsetDateTime.now()))).isEqualTo("entrance");
		assertThat(PolicyDoors.badgeArea("""
				{"areas": [{"areaId": "hall"}, {"areaId": "desk", "printsBadge": true}]}""")).isEqualTo("desk");
	}

	@Test
	void aPolicyWithoutABadgeDeskIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> PolicyDoors.badgeArea("{\"areas\": [{\"areaId\": \"hall\", \"printsBadge\": false}]}"));
	}

}
