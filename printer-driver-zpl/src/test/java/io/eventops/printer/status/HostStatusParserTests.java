package io.eventops.printer.status;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class HostStatusParserTests {

	static final String IDLE_CAPTURE = "\u0002158,0,0,0203,000,0,0,0,000,0,0,0\u0003\r\n"
			+ "\u0002000,0,0,0,0,2,6,0,00000000,1,000\u0003\r\n" + "\u00020000,0\u0003\r\n";

	@Test
	void readsAnIdlePrinterFromARealCapture() {
		PrinterStatus status = HostStatusParser.parse(IDLE_CAPTURE);

		assertThat(status.source()).isEqualTo(StatusSource.HOST_STATUS);
		assertThat(status.formatsInBuffer()).isZero();
		assertThat(status.labelsRemaining()).isZero();
		assertThat(status.problems()).isEmpty();
		assertThat(status.readyToPrint()).isTrue();
		assertThat(status.idle()).isTrue();
	}

	@Test
	void readsPaperOutAndPauseFlagsOfAPrinterThatStillAnswers() {
		PrinterStatus status = HostStatusParser.parse("\u0002030,1,1,1225,000,0,0,0,000,0,0,0\u0003\r\n"
				+ "\u0002001,0,0,1,1,2,6,0,00000000,1,000\u0003\r\n\u00021234,0\u0003\r\n");

		assertThat(status.paperOut()).isTrue();
		assertThat(status.paused()).isTrue();
		assertThat(status.ribbonOut()).isTrue();
		assertThat(status.headOpen()).isFalse();
		assertThat(status.readyToPrint()).isFalse();
		assertThat(status.problems()).containsExactly("paper out", "ribbon out", "paused");
	}

	@Test
	void readsBufferedFormatsAndLabelsRemainingWhilePrinting() {
		PrinterStatus status = HostStatusParser.parse("\u0002030,0,0,0609,002,0,0,0,000,0,0,0\u0003\r\n"
				+ "\u0002001,0,0,0,0,2,6,0,00000001,1,000\u0003\r\n\u00021234,0\u0003\r\n");

		assertThat(status.formatsInBuffer()).isEqualTo(2);
		assertThat(status.labelsRemaining()).isOne();
		assertThat(status.readyToPrint()).isTrue();
		assertThat(status.idle()).isFalse();
	}

	@Test
	void readsHeadUpTemperatureCorruptRamAndBufferFull() {
		PrinterStatus status = HostStatusParser.parse("\u0002030,0,0,0609,000,1,0,0,000,1,1,1\u0003\r\n"
				+ "\u0002001,0,1,0,0,2,6,0,00000000,1,000\u0003\r\n\u00021234,0\u0003\r\n");

		assertThat(status.headOpen()).isTrue();
		assertThat(status.bufferFull()).isTrue();
		assertThat(status.corruptRam()).isTrue();
		assertThat(status.underTemperature()).isTrue();
		assertThat(status.overTemperature()).isTrue();
		assertThat(status.readyToPrint()).isFalse();
	}

	@Test
	void toleratesLineNoiseAndPaddingAroundTheStrings() {
		PrinterStatus status = HostStatusParser.parse("\r\n" + IDLE_CAPTURE.replace("0203,000", "0203, 001 "));

		assertThat(status.formatsInBuffer()).isOne();
	}

	@Test
	void rejectsAReplyWithoutAllThreeStrings() {
		String twoStrings = IDLE_CAPTURE.substring(0, IDLE_CAPTURE.lastIndexOf('\u0002'));

		assertThatExceptionOfType(StatusFormatException.class).isThrownBy(() -> HostStatusParser.parse(twoStrings))
			.withMessageContaining("2 of 3");
	}

	@Test
	void rejectsMissingOrNonNumericFields() {
		assertThatExceptionOfType(StatusFormatException.class)
			.isThrownBy(() -> HostStatusParser.parse(IDLE_CAPTURE.replace("0203,000,", "0203,")));
		assertThatExceptionOfType(StatusFormatException.class)
			.isThrownBy(() -> HostStatusParser.parse(IDLE_CAPTURE.replace("00000000", "0000000x")));
	}

}
