package io.eventops.printer.zpl;

/**
 * Estimates how many lines a text takes in a {@code ^FB} block of the scalable font, so
 * the layout can shrink long names until they fit.
 */
final class TextFitter {

	private TextFitter() {
	}

	/**
	 * Picks the largest font height in [min, max] at which the text wraps into at most
	 * {@code lines} lines.
	 * @param text the text
	 * @param width block width in dots
	 * @param max largest font height in dots
	 * @param min smallest font height in dots
	 * @param lines lines the text should fit into
	 * @return the font height, {@code min} when even that needs more lines
	 */
	static int fontHeight(String text, int width, int max, int min, int lines) {
		int step = Math.max(1, (max - min) / 12);
		for (int height = max; height > min; height -= step) {
			if (lineCount(text, width, height) <= lines) {
				return height;
			}
		}
		return min;
	}

	/**
	 * Greedy word wrap, like {@code ^FB}: words that do not fit on a line on their own
	 * are broken across lines.
	 * @param text the text
	 * @param width block width in dots
	 * @param height font height in dots
	 * @return the number of lines, at least 1
	 */
	static int lineCount(String text, int width, int height) {
		double space = advance(' ', height);
		int lines = 1;
		double used = 0;
		for (String word : text.trim().split("\\s+")) {
			double wordWidth = word.codePoints().mapToDouble((cp) -> advance(cp, height)).sum();
			double needed = (used > 0) ? used + space + wordWidth : wordWidth;
			if (needed <= width) {
				used = needed;
				continue;
			}
			if (used > 0) {
				lines++;
			}
			if (wordWidth > width) {
				int extra = (int) Math.ceil(wordWidth / width) - 1;
				lines += extra;
				used = wordWidth - extra * (double) width;
			}
			else {
				used = wordWidth;
			}
		}
		return lines;
	}

	// Rough advance widths of Zebra font 0 (a condensed sans) relative to the character
	// height; glyphs outside Latin, Greek and Cyrillic are assumed square.
	private static double advance(int codePoint, int height) {
		double factor;
		if (codePoint == ' ') {
			factor = 0.28;
		}
		else if ("iljtfI.,;:'!|()[]".indexOf(codePoint) >= 0) {
			factor = 0.3;
		}
		else if (Character.isUpperCase(codePoint) || Character.isDigit(codePoint) || codePoint == 'm'
				|| codePoint == 'w') {
			factor = 0.62;
		}
		else if (codePoint < 0x0530) {
			factor = 0.52;
		}
		else {
			factor = 1.0;
		}
		return factor * height;
	}

}
