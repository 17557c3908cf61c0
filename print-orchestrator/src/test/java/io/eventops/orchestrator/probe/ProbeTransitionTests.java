package io.eventops.orchestrator.probe;

import org.junit.jupiter.api.Test;

import static io.eventops.orchestrator.printer.PrinterState.DISABLED;
import static io.eventops.orchestrator.printer.PrinterState.DOWN;
import static io.eventops.orchestrator.printer.PrinterState.SUSPECT;
import static io.eventops.orchestrator.printer.PrinterState.UP;
import static org.assertj.core.api.Assertions.assertThat;

class ProbeTransitionTests {

	@Test
	void failuresBelowTheThresholdMakeAPrinterSuspectAndMoveNothing() {
		assertThat(ProbeTransition.after(UP, false, 1, 3)).isEqualTo(new ProbeTransition(SUSPECT, false));
		assertThat(ProbeTransition.after(SUSPECT, false, 2, 3)).isEqualTo(new ProbeTransition(SUSPECT, false));
	}

	@Test
	void theNthConsecutiveFailureDeclaresThePrinterDown() {
		assertThat(ProbeTransition.after(SUSPECT, false, 3, 3)).isEqualTo(new ProbeTransition(DOWN, true));
		assertThat(ProbeTransition.after(UP, false, 1, 1)).isEqualTo(new ProbeTransition(DOWN, true));
	}

	@Test
	void aCleanProbeBringsASuspectPrinterBack() {
		assertThat(ProbeTransition.after(SUSPECT, true, 0, 3)).isEqualTo(new ProbeTransition(UP, false));
		assertThat(ProbeTransition.after(UP, true, 0, 3)).isEqualTo(new ProbeTransition(UP, false));
	}

	@Test
	void anOutPrinterNeverReturnsByItselfNorFailsOverAgain() {
		assertThat(ProbeTransition.after(DOWN, true, 0, 3)).isEqualTo(new ProbeTransition(DOWN, false));
		assertThat(ProbeTransition.after(DOWN, false, 9, 3)).isEqualTo(new ProbeTransition(DOWN, false));
		assertThat(ProbeTransition.after(DISABLED, true, 0, 3)).isEqualTo(new ProbeTransition(DISABLED, false));
	}

}
