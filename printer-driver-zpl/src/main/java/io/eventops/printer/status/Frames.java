package io.eventops.printer.status;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a printer reply into its {@code STX … ETX} framed strings.
 */
public final class Frames {

	/** Start of text, opens every reply string. */
	public static final char STX = '\u0002';

	/** End of text, closes every reply string (followed by CR LF). */
	public static final char ETX = '\u0003';

	private Frames() {
	}

	/**
	 * The contents of every complete frame, in order; bytes outside frames (the CR LF
	 * after each ETX, stray line noise) are ignored.
	 * @param reply the reply text
	 * @return the frame contents without STX and ETX
	 */
	public static List<String> of(CharSequence reply) {
		List<String> frames = new ArrayList<>(3);
		int start = -1;
		for (int i = 0; i < reply.length(); i++) {
			char c = reply.charAt(i);
			if (c == STX) {
				start = i + 1;
			}
			else if (c == ETX && start >= 0) {
				frames.add(reply.subSequence(start, i).toString());
				start = -1;
			}
		}
		return frames;
	}

}
