package io.eventops.printer.status;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The error and warning flags a printer reports for {@code ~HQES}, which it still answers
 * in error states where it ignores {@code ~HS}.
 *
 * @param errorPresent the error summary flag
 * @param errors the error bits, group 2 in the high and group 1 in the low 32 bits
 * @param warningPresent the warning summary flag
 * @param warnings the warning bits, same layout
 */
public record ExtendedStatus(boolean errorPresent, long errors, boolean warningPresent, long warnings) {

	/** Error bit: media out. */
	public static final long MEDIA_OUT = 0x1;

	/** Error bit: ribbon out. */
	public static final long RIBBON_OUT = 0x2;

	/** Error bit: head open. */
	public static final long HEAD_OPEN = 0x4;

	/** Error bit: cutter fault. */
	public static final long CUTTER_FAULT = 0x8;

	/** Error bit: printhead over temperature. */
	public static final long PRINTHEAD_OVER_TEMPERATURE = 0x10;

	/** Error bit: motor over temperature. */
	public static final long MOTOR_OVER_TEMPERATURE = 0x20;

	/** Error bit: the printer is paused. */
	public static final long PAUSED = 0x10000;

	private static final long KNOWN = MEDIA_OUT | RIBBON_OUT | HEAD_OPEN | PRINTHEAD_OVER_TEMPERATURE
			| MOTOR_OVER_TEMPERATURE | PAUSED;

	// Firmware pads these lines with varying spaces and CR LF, so only the words and the
	// three number groups are anchored.
	private static final Pattern ERRORS = flags("ERRORS");

	private static final Pattern WARNINGS = flags("WARNINGS");

	/** No error and no warning. */
	public static final ExtendedStatus OK = new ExtendedStatus(false, 0, false, 0);

	/**
	 * Parses a {@code ~HQES} reply.
	 * @param reply the reply, one {@code STX…ETX} block with a "PRINTER STATUS" header
	 * @return the flags
	 * @throws StatusFormatException when there is no ERRORS line
	 */
	public static ExtendedStatus parse(CharSequence reply) {
		Matcher errors = ERRORS.matcher(reply);
		if (!errors.find()) {
			throw new StatusFormatException("~HQES reply has no ERRORS line");
		}
		Matcher warnings = WARNINGS.matcher(reply);
		boolean hasWarnings = warnings.find();
		return new ExtendedStatus(!"0".equals(errors.group(1)), bits(errors),
				hasWarnings && !"0".equals(warnings.group(1)), hasWarnings ? bits(warnings) : 0);
	}

	/**
	 * Whether an error bit is set.
	 * @param bit one of the error bit constants
	 * @return true when set
	 */
	public boolean has(long bit) {
		return (this.errors & bit) != 0;
	}

	/**
	 * The status these flags amount to; buffer counts are unknown.
	 * @return a status with source {@link StatusSource#EXTENDED_STATUS}
	 */
	public PrinterStatus toPrinterStatus() {
		boolean other = (this.errors & ~KNOWN) != 0 || (this.errorPresent && this.errors == 0);
		return new PrinterStatus(StatusSource.EXTENDED_STATUS, has(MEDIA_OUT), has(PAUSED), has(HEAD_OPEN),
				has(RIBBON_OUT), false, has(PRINTHEAD_OVER_TEMPERATURE) || has(MOTOR_OVER_TEMPERATURE), false, false,
				other, PrinterStatus.UNKNOWN, PrinterStatus.UNKNOWN,
				String.format("~HQES errors %016X warnings %016X", this.errors, this.warnings));
	}

	private static Pattern flags(String word) {
		return Pattern.compile(word + ":\\s*(\\d)\\s+([0-9A-Fa-f]{1,8})\\s+([0-9A-Fa-f]{1,8})");
	}

	private static long bits(Matcher matcher) {
		return (Long.parseLong(matcher.group(2), 16) << 32) | Long.parseLong(matcher.group(3), 16);
	}

}
