package io.eventops.printer.status;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PrinterStatusTests {

	@Test
	void unreachablePrinterIsNeitherReachableReadyNorIdle() {
		PrinterStatus status = PrinterStatus.unreachable("connection refused");

		assertThat(status.reachable()).isFalse();
		assertThat(status.readyToPrint()).isFalse();
		assertThat(status.idle()).isFalse();
		assertThat(status.problems()).containsExactly("unreachable: connection refused");
	}

	@Test
	void pausedPrinterIsNotReadyButHasNoFault() {
		PrinterStatus status = new PrinterStatus(StatusSource.HOST_STATUS, false, true, false, false, false, false,
				false, false, false, 0, 0, "~HS");

		assertThat(status.readyToPrint()).isFalse();
		assertThat(status.hasFault()).isFalse();
	}

	@Test
	void extendedStatusWithoutErrorsIsStillNotReady() {
		assertThat(ExtendedStatus.OK.toPrinterStatus().readyToPrint()).isFalse();
	}

}
