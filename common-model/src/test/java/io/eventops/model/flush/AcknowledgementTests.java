package io.eventops.model.flush;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class AcknowledgementTests {

	private static EntryResult result(long seq, Outcome outcome) {
		return EntryResult.of(seq, "kiosk-07:" + seq, outcome, List.of());
	}

	@Test
	void everyFinalOutcomeIsAcknowledgedIncludingRejections() {
		List<EntryResult> results = List.of(result(801, Outcome.APPLIED), result(802, Outcome.REJECTED),
				result(803, Outcome.DUPLICATE), result(804, Outcome.STALE));
		assertThat(Acknowledgement.ackedThroughSeq(results)).isEqualTo(804);
	}

	@Test
	void anInFlightEntryStopsTheAcknowledgementBeforeIt() {
		List<EntryResult> results = List.of(result(801, Outcome.APPLIED), result(802, Outcome.IN_FLIGHT),
				result(803, Outcome.APPLIED));
		assertThat(Acknowledgement.ackedThroughSeq(results)).isEqualTo(801);
	}

	@Test
	void nothingIsAcknowledgedWhenTheFirstEntryIsInFlight() {
		List<EntryResult> results = List.of(result(803, Outcome.APPLIED), result(801, Outcome.IN_FLIGHT));
		assertThat(Acknowledgement.ackedThroughSeq(results)).isEqualTo(800);
	}

	@Test
	void aHeartbeatHasNoRequestLocalAcknowledgement() {
		assertThatIllegalArgumentException().isThrownBy(() -> Acknowledgement.ackedThroughSeq(List.of()));
	}

}
