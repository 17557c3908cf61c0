package io.eventops.printer.status;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class PrinterIdentityTests {

	@Test
	void readsModelFirmwareResolutionAndMemory() {
		PrinterIdentity identity = PrinterIdentity.parse("\u0002ZTC ZD420-203dpi ZPL,V93.20.15Z,8,4194304\u0003\r\n");

		assertThat(identity.model()).isEqualTo("ZTC ZD420-203dpi ZPL");
		assertThat(identity.firmware()).isEqualTo("V93.20.15Z");
		assertThat(identity.dpi()).isEqualTo(203);
		assertThat(identity.memory()).isEqualTo("4194304");
		assertThat(identity.options()).isEmpty();
	}

	@Test
	void readsOptionsAfterTheMemoryField() {
		PrinterIdentity identity = PrinterIdentity.parse("\u0002ZT410-300dpi,V75.20.01Z,12,8176KB,CUTTER\u0003\r\n");

		assertThat(identity.dpi()).isEqualTo(300);
		assertThat(identity.options()).containsExactly("CUTTER");
	}

	@Test
	void rejectsAShortReply() {
		assertThatExceptionOfType(StatusFormatException.class)
			.isThrownBy(() -> PrinterIdentity.parse("\u0002ZT410,V75\u0003\r\n"));
	}

}
