package io.eventops.printer.zpl;

/**
 * Turns user text into ZPL field data that prints as that text and can never be read as a
 * command.
 */
final class ZplText {

	private ZplText() {
	}

	/**
	 * Drops what a label cannot show and a format must not carry: control characters (CR
	 * and LF included), line and paragraph separators, and unpaired surrogates (which
	 * have no UTF-8 encoding).
	 * @param text user text
	 * @return the printable text
	 */
	static String printable(String text) {
		StringBuilder out = new StringBuilder(text.length());
		int i = 0;
		while (i < text.length()) {
			char c = text.charAt(i);
			if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
				out.append(c).append(text.charAt(i + 1));
				i += 2;
				continue;
			}
			if (!Character.isSurrogate(c) && isPrintable(c)) {
				out.append(c);
			}
			i++;
		}
		return out.toString();
	}

	/**
	 * Escapes printable text for an {@code ^FD} preceded by {@code ^FH} (hex indicator
	 * {@code _}). Non-ASCII text stays raw UTF-8 ({@code ^CI28}): none of its bytes can
	 * be {@code ^}, {@code ~} or {@code _}.
	 * @param text text returned by {@link #printable(String)}
	 * @param fieldBlock whether the field is formatted by {@code ^FB}
	 * @return field data
	 */
	static String fieldData(String text, boolean fieldBlock) {
		StringBuilder out = new StringBuilder(text.length() + 16);
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '^' -> out.append("_5E");
				case '~' -> out.append("_7E");
				case '_' -> out.append("_5F");
				// ^FB reads "\&" as a line break and "\(x)" as a soft hyphen. "\\" is the
				// one spelling that prints a single backslash whichever of ^FH and ^FB
				// the firmware applies first ("_5C" would decode to a bare backslash
				// before ^FB sees it).
				case '\\' -> out.append(fieldBlock ? "\\\\" : "_5C");
				default -> out.append(c);
			}
		}
		return out.toString();
	}

	private static boolean isPrintable(char c) {
		int type = Character.getType(c);
		return type != Character.CONTROL && type != Character.LINE_SEPARATOR && type != Character.PARAGRAPH_SEPARATOR;
	}

}
