package io.eventops.printer.virtual;

/**
 * Writes status replies byte for byte in the layouts Zebra printers use, so that clients
 * parse the virtual printer exactly as they parse a real one.
 */
final class StatusReplies {

	private static final long MEDIA_OUT = 0x1;

	private static final long HEAD_OPEN = 0x4;

	private static final long PAUSED = 0x10000;

	private StatusReplies() {
	}

	/**
	 * The three {@code ~HS} strings.
	 * @param state the mechanism
	 * @param labelLengthDots label length
	 * @param partialFormat whether a format is half received
	 * @return {@code STX string ETX CR LF} three times
	 */
	static String hostStatus(EngineSnapshot state, int labelLengthDots, boolean partialFormat) {
		String first = String.format("030,%d,%d,%04d,%03d,0,0,%d,000,0,0,0", flag(state.paperOut()),
				flag(state.paused()), labelLengthDots, Math.min(state.formatsInBuffer(), 999), flag(partialFormat));
		String second = String.format("001,0,%d,0,0,2,6,0,%08d,1,000", flag(state.headOpen()), state.labelsRemaining());
		return frame(first) + frame(second) + frame("1234,0");
	}

	/**
	 * The {@code ~HQES} block, spaced like Link-OS firmware.
	 * @param state the mechanism
	 * @return the reply
	 */
	static String extendedStatus(EngineSnapshot state) {
		long errors = (state.paperOut() ? MEDIA_OUT : 0) | (state.headOpen() ? HEAD_OPEN : 0)
				| (state.paused() ? PAUSED : 0);
		return "\u0002\r\n\r\n  PRINTER STATUS                            \r\n"
				+ String.format("   ERRORS:         %d 00000000 %08X      \r\n", flag(errors != 0), errors)
				+ "   WARNINGS:       0 00000000 00000000      \r\n\u0003\r\n";
	}

	/**
	 * The {@code ~HI} string: model, firmware, dots per mm, memory.
	 * @param dpi printhead resolution
	 * @return the reply
	 */
	static String identity(int dpi) {
		int dotsPerMm = (int) Math.round(dpi / 25.4);
		return frame("VZ411-" + dpi + "dpi,V92.21.39Z-VIRTUAL," + dotsPerMm + ",8192KB");
	}

	private static String frame(String content) {
		return "\u0002" + content + "\u0003\r\n";
	}

	private static int flag(boolean value) {
		return value ? 1 : 0;
	}

}
