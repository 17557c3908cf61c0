package io.eventops.drills.chaos;

import java.time.OffsetDateTime;
import java.util.List;

import io.eventops.drills.herd.HerdPolicy;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.entry;

/**
 * Where the chaos drill's kiosks stand under the policy, and which area's admissions get
 * the badge jobs.
 */
class PolicyDoorsTests {

	@Test
	void theBadgeAreaIsTheOneThePolicyPrintsBadgesAt() {
		assertThat(PolicyDoors.badgeArea(HerdPolicy.json(OffsetDateTime.now()))).isEqualTo("entrance");
		assertThat(PolicyDoors.badgeArea("""
				{"areas": [{"areaId": "hall"}, {"areaId": "desk", "printsBadge": true}]}""")).isEqualTo("desk");
	}

	@Test
	void everySecondKioskStandsAtTheBadgeDeskTheOthersAtTheOtherAreasInTurn() {
		assertThat(PolicyDoors.placement(List.of("k1", "k2", "k3", "k4", "k5", "k6"), HerdPolicy.AREAS, "entrance"))
			.containsExactly(entry("k1", "main-hall"), entry("k2", "entrance"), entry("k3", "workshop"),
					entry("k4", "entrance"), entry("k5", "main-hall"), entry("k6", "entrance"));
	}

	@Test
	void aPolicyWithoutABadgeDeskIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> PolicyDoors.badgeArea("{\"areas\": [{\"areaId\": \"hall\", \"printsBadge\": false}]}"));
	}

}
