package io.eventops.printer.status;

import java.util.List;

/**
 * Parses the three strings a printer sends back for {@code ~HS} (ZPL II Programming
 * Guide, "Host Status Return").
 */
public final class HostStatusParser {

	// String 1: aaa,b,c,dddd,eee,f,g,h,iii,j,k,l
	private static final int PAPER_OUT = 1;

	private static final int PAUSED = 2;

	private static final int FORMATS_IN_BUFFER = 4;

	private static final int BUFFER_FULL = 5;

	private static final int CORRUPT_RAM = 9;

	private static final int UNDER_TEMPERATURE = 10;

	private static final int OVER_TEMPERATURE = 11;

	// String 2: mmm,n,o,p,q,r,s,t,uuuuuuuu,v,www
	private static final int HEAD_UP = 2;

	private static final int RIBBON_OUT = 3;

	private static final int LABELS_REMAINING = 8;

	private HostStatusParser() {
	}

	/**
	 * Parses a complete {@code ~HS} reply.
	 * @param reply the three {@code STX…ETX CR LF} strings
	 * @return the status, source {@link StatusSource#HOST_STATUS}
	 * @throws StatusFormatException when the reply does not have the documented fields
	 */
	public static PrinterStatus parse(CharSequence reply) {
		List<String> frames = Frames.of(reply);
		if (frames.size() < 3) {
			throw new StatusFormatException("~HS reply has " + frames.size() + " of 3 strings");
		}
		int[] first = fields(frames.get(0), 12, "string 1");
		int[] second = fields(frames.get(1), 11, "string 2");
		return new PrinterStatus(StatusSource.HOST_STATUS, first[PAPER_OUT] != 0, first[PAUSED] != 0,
				second[HEAD_UP] != 0, second[RIBBON_OUT] != 0, first[UNDER_TEMPERATURE] != 0,
				first[OVER_TEMPERATURE] != 0, first[BUFFER_FULL] != 0, first[CORRUPT_RAM] != 0, false,
				first[FORMATS_IN_BUFFER], second[LABELS_REMAINING], "~HS");
	}

	private static int[] fields(String frame, int expected, String name) {
		String[] parts = frame.split(",", -1);
		if (parts.length < expected) {
			throw new StatusFormatException("~HS " + name + " has " + parts.length + " of " + expected + " fields");
		}
		int[] values = new int[parts.length];
		for (int i = 0; i < parts.length; i++) {
			String part = parts[i].strip();
			if (part.isEmpty() || part.length() > 9 || !part.chars().allMatch(Character::isDigit)) {
				throw new StatusFormatException("~HS " + name + " field " + (i + 1) + " is not a number: " + part);
			}
			values[i] = Integer.parseInt(part);
		}
		return values;
	}

}
