package io.eventops.printer.status;

import java.util.Arrays;
import java.util.List;

/**
 * What a printer says about itself in reply to {@code ~HI}: model, firmware, resolution,
 * memory and options.
 *
 * @param model the model, e.g. {@code ZT411-203dpi}
 * @param firmware the firmware version
 * @param dotsPerMm printhead resolution in dots per millimetre (6, 8, 12 or 24)
 * @param memory the memory field as sent, e.g. {@code 8192KB}
 * @param options any further fields (detected options)
 */
public record PrinterIdentity(String model, String firmware, int dotsPerMm, String memory, List<String> options) {

	public PrinterIdentity {
		options = List.copyOf(options);
	}

	/**
	 * Parses a {@code ~HI} reply:
	 * {@code STX model,firmware,dpm,memory[,options] ETX CR LF}.
	 * @param reply the reply
	 * @return the identity
	 * @throws StatusFormatException when the reply lacks a field
	 */
	public static PrinterIdentity parse(CharSequence reply) {
		List<String> frames = Frames.of(reply);
		if (frames.isEmpty()) {
			throw new StatusFormatException("~HI reply has no STX…ETX string");
		}
		String[] fields = frames.get(0).split(",", -1);
		if (fields.length < 4) {
			throw new StatusFormatException("~HI reply has " + fields.length + " of 4 fields");
		}
		int dotsPerMm;
		try {
			dotsPerMm = Integer.parseInt(fields[2].strip());
		}
		catch (NumberFormatException ex) {
			throw new StatusFormatException("~HI dots per mm is not a number: " + fields[2]);
		}
		return new PrinterIdentity(fields[0].strip(), fields[1].strip(), dotsPerMm, fields[3].strip(),
				Arrays.stream(fields, 4, fields.length).map(String::strip).toList());
	}

	/**
	 * The resolution in dots per inch, as printers are labelled.
	 * @return 152, 203, 300 or 600 for the standard printheads
	 */
	public int dpi() {
		return switch (this.dotsPerMm) {
			case 6 -> 152;
			case 8 -> 203;
			case 12 -> 300;
			case 24 -> 600;
			default -> (int) Math.round(this.dotsPerMm * 25.4);
		};
	}

}
