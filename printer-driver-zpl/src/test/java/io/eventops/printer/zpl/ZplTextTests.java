package io.eventops.printer.zpl;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ZplTextTests {

	@Test
	void escapesCaretTildeAndUnderscoreAsHex() {
		assertThat(ZplText.fieldData("a^b~c_d", true)).isEqualTo("a_5Eb_7Ec_5Fd");
		assertThat(ZplText.fieldData("a^b~c_d", false)).isEqualTo("a_5Eb_7Ec_5Fd");
	}

	@Test
	void keepsBackslashLiteralInsideFieldBlocks() {
		String data = ZplText.fieldData("C:\\& \\(x)", true);

		assertThat(data).isEqualTo("C:\\\\& \\\\(x)");
		// whichever escape layer the firmware applies first, a single backslash comes out
		assertThat(ZplFormat.decodeFieldBlock(ZplFormat.decodeHex(data))).isEqualTo("C:\\& \\(x)");
		assertThat(ZplFormat.decodeHex(ZplFormat.decodeFieldBlock(data))).isEqualTo("C:\\& \\(x)");
	}

	@Test
	void hexEncodesBackslashOutsideFieldBlocks() {
		assertThat(ZplText.fieldData("a\\b", false)).isEqualTo("a_5Cb");
	}

	@Test
	void dropsControlCharactersAndSeparators() {
		assertThat(ZplText.printable("A\u0000d\ta\r\n\u001B[0m\u007F\u0085\u2028\u2029!")).isEqualTo("Ada[0m!");
	}

	@Test
	void dropsUnpairedSurrogatesButKeepsEmoji() {
		assertThat(ZplText.printable("x\uD83Dy\uDE00z👋")).isEqualTo("xyz👋");
	}

	@Test
	void keepsRightToLeftTextAndItsDirectionMarks() {
		String text = "\u200Fمرحبا \u202Bשלום\u202C";

		assertThat(ZplText.printable(text)).isEqualTo(text);
		assertThat(ZplText.fieldData(text, true)).isEqualTo(text);
	}

}
