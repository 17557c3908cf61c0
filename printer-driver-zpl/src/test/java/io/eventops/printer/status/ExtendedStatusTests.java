package io.eventops.printer.status;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ExtendedStatusTests {

	static String capture(String errors) {
		return "\u0002\r\n\r\n  PRINTER STATUS                            \r\n" + "   ERRORS:         " + errors
				+ "      \r\n" + "   WARNINGS:       0 00000000 00000000      \r\n\u0003";
	}

	@Test
	void readsAHealthyPrinter() {
		ExtendedStatus status = ExtendedStatus.parse(capture("0 00000000 00000000"));

		assertThat(status).isEqualTo(ExtendedStatus.OK);
		assertThat(status.toPrinterStatus().hasFault()).isFalse();
	}

	@Test
	void readsMediaOut() {
		PrinterStatus status = ExtendedStatus.parse(capture("1 00000000 00000001")).toPrinterStatus();

		assertThat(status.paperOut()).isTrue();
		assertThat(status.source()).isEqualTo(StatusSource.EXTENDED_STATUS);
		assertThat(status.readyToPrint()).isFalse();
		assertThat(status.formatsInBuffer()).isEqualTo(PrinterStatus.UNKNOWN);
	}

	@Test
	void readsHeadOpenWithMediaOut() {
		PrinterStatus status = ExtendedStatus.parse(capture("1 00000000 00000005")).toPrinterStatus();

		assertThat(status.problems()).containsExactly("paper out", "head open");
	}

	@Test
	void readsPausedAndOverTemperature() {
		PrinterStatus status = ExtendedStatus.parse(capture("1 00000000 00010020")).toPrinterStatus();

		assertThat(status.paused()).isTrue();
		assertThat(status.overTemperature()).isTrue();
		assertThat(status.otherError()).isFalse();
	}

	@Test
	void reportsUnnamedErrorBitsAsOtherError() {
		PrinterStatus status = ExtendedStatus.parse(capture("1 00000000 00000008")).toPrinterStatus();

		assertThat(status.otherError()).isTrue();
		assertThat(status.hasFault()).isTrue();
	}

	@Test
	void toleratesLinesWithoutPaddingOrSurroundingFrame() {
		ExtendedStatus status = ExtendedStatus
			.parse("PRINTER STATUS\n ERRORS: 1 00000000 00000004\n WARNINGS: 1 00000000 00000002\n");

		assertThat(status.has(ExtendedStatus.HEAD_OPEN)).isTrue();
		assertThat(status.warningPresent()).isTrue();
		assertThat(status.warnings()).isEqualTo(2);
	}

	@Test
	void rejectsAReplyWithoutErrorsLine() {
		assertThatExceptionOfType(StatusFormatException.class)
			.isThrownBy(() -> ExtendedStatus.parse("\u0002PRINTER STATUS\r\n\u0003"));
	}

}
