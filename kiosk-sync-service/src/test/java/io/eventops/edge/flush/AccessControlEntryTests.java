package io.eventops.edge.flush;

import java.nio.charset.StandardCharsets;

import io.eventops.edge.TestData;
import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.KioskDecision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The entry kinds and fields of access control (issue #35, docs/access-control.md) as the
 * edge checks them: each violation rejects its entry alone, naming the field (invariant
 * 11), and a valid entry reaches the reconciler with every field it carried.
 */
class AccessControlEntryTests {

	private static final String AREA = "main-hall";

	private final EntryValidator validator = new EntryValidator();

	private final FlushBodyParser parser = new FlushBodyParser();

	@Test
	void anAdmissionCarriesItsAreaPolicyVersionAndDecisionToTheReconciler() {
		ObjectNode entry = entry("CHECK_IN").put("areaId", AREA).put("policyVersion", 3);
		entry.putObject("kioskDecision").put("decision", "ADMIT");

		EntryCheck check = check(AREA, entry);

		assertThat(check.isValid()).as(check.invalidField()).isTrue();
		assertThat(check.entry().type()).isEqualTo(EntryType.CHECK_IN);
		assertThat(check.entry().areaId()).isEqualTo(AREA);
		assertThat(check.entry().policyVersion()).isEqualTo(3L);
		assertThat(check.entry().kioskDecision()).isEqualTo(KioskDecision.admit());
		assertThat(check.entry().annuls()).isNull();
	}

	@Test
	void aRefusalCarriesItsReason() {
		ObjectNode entry = entry("REFUSED").put("areaId", AREA).put("policyVersion", 0);
		entry.putObject("kioskDecision").put("decision", "REFUSE").put("reason", "ALREADY_ENTERED");

		EntryCheck check = check(AREA, entry);

		assertThat(check.isValid()).as(check.invalidField()).isTrue();
		assertThat(check.entry().type()).isEqualTo(EntryType.REFUSED);
		assertThat(check.entry().policyVersion()).isZero();
		assertThat(check.entry().kioskDecision()).isEqualTo(KioskDecision.refuse("ALREADY_ENTERED"));
	}

	@Test
	void anExitNeedsNoDecision() {
		EntryCheck check = check(AREA, entry("EXIT").put("areaId", AREA));

		assertThat(check.isValid()).as(check.invalidField()).isTrue();
		assertThat(check.entry().type()).isEqualTo(EntryType.EXIT);
		assertThat(check.entry().areaId()).isEqualTo(AREA);
		assertThat(check.entry().kioskDecision()).isNull();
	}

	@Test
	void everyReasonOfTheFixedListIsAccepted() {
		for (String reason : KioskDecision.REASONS) {
			ObjectNode entry = entry("REFUSED");
			entry.putObject("kioskDecision").put("decision", "REFUSE").put("reason", reason);

			assertThat(check(null, entry).entry().kioskDecision().reason()).isEqualTo(reason);
		}
	}

	@Test
	void anEntryOfAKioskWithoutAreaOrPolicyIsAsInContractOne() {
		EntryCheck check = check(null, entry("CHECK_IN").putNull("areaId").putNull("kioskDecision"));

		assertThat(check.isValid()).isTrue();
		assertThat(check.entry().areaId()).isNull();
		assertThat(check.entry().policyVersion()).isNull();
		assertThat(check.entry().kioskDecision()).isNull();
	}

	// ANNUL is the admission's undo (#36): the key of one of this kiosk's admissions
	@ParameterizedTest
	@ValueSource(strings = { "k-1:7", "k-1:2", "k-1:9007199254740991" })
	void anAnnulmentCarriesTheKeyItAnnulsToTheReconciler(String annulled) {
		EntryCheck check = check(AREA, entry("ANNUL").put("annuls", annulled).put("policyVersion", 2));

		assertThat(check.isValid()).as(check.invalidField()).isTrue();
		assertThat(check.entry().type()).isEqualTo(EntryType.ANNUL);
		assertThat(check.entry().annuls()).isEqualTo(annulled);
		assertThat(check.entry().attendeeId()).isEqualTo("att_1");
		assertThat(check.entry().areaId()).isNull();
		assertThat(check.entry().kioskDecision()).isNull();
		assertThat(check.entry().badge()).isNull();
		assertThat(check.entry().policyVersion()).isEqualTo(2L);
	}

	@Test
	void anAnnulmentOfAKioskWithoutAreaIsTakenToo() {
		assertThat(check(null, entry("ANNUL").put("annuls", "k-1:7")).isValid()).isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "", " ", "k-1", "k-1:", "k-1:0", "k-1:07", "k-1:-3", "K-1:7", "k_1:7", "-k:7", "k-1:7:1",
			"desk:correction:3", "k-1:9007199254740992", "k-1:99999999999999999", " k-1:7" })
	void anAnnulmentNamesAKeyOfAnAdmissionsShape(String annulled) {
		assertInvalid(AREA, entry("ANNUL").put("annuls", annulled), "annuls");
	}

	@Test
	void anAnnulmentNeedsTheKeyItAnnulsAsAString() {
		assertInvalid(AREA, entry("ANNUL"), "annuls");
		assertInvalid(AREA, entry("ANNUL").putNull("annuls"), "annuls");
		assertInvalid(AREA, entry("ANNUL").put("annuls", 7), "annuls");
		assertInvalid(AREA, entry("ANNUL").set("annuls", entry("CHECK_IN")), "annuls");
	}

	// Review of #36 (invariant 11): the issue lets a kiosk annul its own admission (the
	// screen's "that was not me") and leaves any other admission to ops with a reason.
	// The edge takes an ANNUL naming any kiosk's key, and the reconciler only checks the
	// attendee, so one kiosk (a faulty or stolen one) can undo another kiosk's
	// admissions, the badge desk's included, withdrawing their badges.
	@Test
	void aKioskAnnulsOnlyItsOwnAdmissions() {
		assertInvalid(AREA, entry("ANNUL").put("annuls", "kiosk-02:1"), "annuls");
	}

	@Test
	void anAnnulmentCannotAnnulItself() {
		assertInvalid(AREA, entry("ANNUL").put("annuls", "k-1:1"), "annuls");
	}

	@Test
	void anAnnulmentCarriesNoDecisionNoBadgeAndNoArea() {
		ObjectNode decided = entry("ANNUL").put("annuls", "k-1:7");
		decided.putObject("kioskDecision").put("decision", "ADMIT");
		assertInvalid(AREA, decided, "kioskDecision");
		ObjectNode badge = entry("ANNUL").put("annuls", "k-1:7");
		badge.putObject("badge").put("displayName", "Ada");
		assertInvalid(AREA, badge, "badge");
		assertInvalid(AREA, entry("ANNUL").put("annuls", "k-1:7").put("badgePrintedLocally", true),
				"badgePrintedLocally");
		assertInvalid(AREA, entry("ANNUL").put("annuls", "k-1:7").put("areaId", AREA), "areaId");
		assertInvalid(AREA, entry("ANNUL").put("annuls", "k-1:7").put("policyVersion", -1), "policyVersion");
	}

	@ParameterizedTest
	@ValueSource(strings = { "CHECK_OUT", "check_in", "" })
	void anUnknownTypeIsInvalid(String type) {
		assertInvalid(null, entry(type), "type");
	}

	@Test
	void theAreaMustBeTheKiosksOwn() {
		assertInvalid(AREA, entry("CHECK_IN").put("areaId", "workshop-a"), "areaId");
		assertInvalid(AREA, entry("EXIT").put("areaId", "MAIN-HALL"), "areaId");
		assertInvalid(AREA, entry("REFUSED").put("areaId", 7), "areaId");
		assertInvalid(AREA, entry("CHECK_IN"), "areaId");
		// a kiosk provisioned without an area serves the event's implicit one
		assertInvalid(null, entry("CHECK_IN").put("areaId", AREA), "areaId");
	}

	@Test
	void thePolicyVersionIsAnIntegerOfAtLeastZero() {
		assertInvalid(null, entry("CHECK_IN").put("policyVersion", -1), "policyVersion");
		assertInvalid(null, entry("CHECK_IN").put("policyVersion", 1.5), "policyVersion");
		assertInvalid(null, entry("CHECK_IN").put("policyVersion", "3"), "policyVersion");
		assertInvalid(null, entry("CHECK_IN").put("policyVersion", new java.math.BigInteger("9".repeat(30))),
				"policyVersion");
		assertThat(check(null, entry("CHECK_IN").put("policyVersion", Long.MAX_VALUE)).entry().policyVersion())
			.isEqualTo(Long.MAX_VALUE);
	}

	@Test
	void aRefusalNeedsARefuseWithAReasonOfTheList() {
		assertInvalid(null, entry("REFUSED"), "kioskDecision");
		assertInvalid(null, entry("REFUSED").put("kioskDecision", "REFUSE"), "kioskDecision");
		assertInvalid(null, decided("REFUSED", "ADMIT", null), "kioskDecision.decision");
		assertInvalid(null, decided("REFUSED", "REFUSE", null), "kioskDecision.reason");
		assertInvalid(null, decided("REFUSED", "REFUSE", "TOO_LATE"), "kioskDecision.reason");
		assertInvalid(null, decided("REFUSED", "NO", "RULE"), "kioskDecision.decision");
	}

	@Test
	void anAdmissionWithADecisionNeedsAnAdmit() {
		assertInvalid(null, decided("CHECK_IN", "REFUSE", "RULE"), "kioskDecision.decision");
		assertInvalid(null, decided("CHECK_IN", "ADMIT", "RULE"), "kioskDecision.reason");
		assertInvalid(null, decided("CHECK_IN", null, null), "kioskDecision.decision");
	}

	// an exit is never refused (EntryType.EXIT): a decision on one is no exit
	@Test
	void anExitCarriesNoDecision() {
		assertInvalid(null, decided("EXIT", "ADMIT", null), "kioskDecision");
	}

	@ParameterizedTest
	@ValueSource(strings = { "CHECK_IN", "EXIT", "REFUSED" })
	void onlyAnAnnulmentNamesWhatItAnnuls(String type) {
		ObjectNode entry = entry(type).put("annuls", "k-1:1");
		if (type.equals("REFUSED")) {
			entry.putObject("kioskDecision").put("decision", "REFUSE").put("reason", "RULE");
		}

		assertInvalid(null, entry, "annuls");
	}

	private static ObjectNode decided(String type, String decision, String reason) {
		ObjectNode entry = entry(type);
		ObjectNode kioskDecision = entry.putObject("kioskDecision");
		if (decision != null) {
			kioskDecision.put("decision", decision);
		}
		if (reason != null) {
			kioskDecision.put("reason", reason);
		}
		return entry;
	}

	private void assertInvalid(String kioskArea, ObjectNode entry, String field) {
		EntryCheck check = check(kioskArea, entry);
		assertThat(check.isValid()).as(entry.toString()).isFalse();
		assertThat(check.invalidField()).as(entry.toString()).isEqualTo(field);
		assertThat(check.keyAsSent()).isEqualTo("k-1:1");
	}

	private EntryCheck check(String kioskArea, ObjectNode entry) {
		String body = "{\"highestLocalSeq\":1,\"entries\":[" + entry + "]}";
		return this.validator.check("k-1", kioskArea,
				this.parser.parse(body.getBytes(StandardCharsets.UTF_8)).entries().get(0));
	}

	private static ObjectNode entry(String type) {
		return TestData.entry("k-1", 1, "att_1").node().put("type", type);
	}

}
