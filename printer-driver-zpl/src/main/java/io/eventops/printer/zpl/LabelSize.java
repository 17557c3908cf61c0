package io.eventops.printer.zpl;

/**
 * The physical size of a label and the resolution of the printhead that prints it.
 *
 * @param widthInches label width
 * @param heightInches label length in the feed direction
 * @param dpi printhead resolution in dots per inch (203 or 300 for badge printers)
 */
public record LabelSize(double widthInches, double heightInches, int dpi) {

	/** The default badge: 4 x 3 in on a 203 dpi printhead. */
	public static final LabelSize BADGE_203_DPI = badge(203);

	/** The default badge on a 300 dpi printhead. */
	public static final LabelSize BADGE_300_DPI = badge(300);

	public LabelSize {
		if (!(widthInches > 0) || !(heightInches > 0)) {
			throw new IllegalArgumentException("label size must be positive");
		}
		if (dpi < 100 || dpi > 600) {
			throw new IllegalArgumentException("dpi must be between 100 and 600");
		}
	}

	/**
	 * A 4 x 3 in badge at the given resolution.
	 * @param dpi printhead resolution
	 * @return the label size
	 */
	public static LabelSize badge(int dpi) {
		return new LabelSize(4, 3, dpi);
	}

	/**
	 * Print width in dots, the value of {@code ^PW}.
	 * @return the width in dots
	 */
	public int widthDots() {
		return dots(this.widthInches);
	}

	/**
	 * Label length in dots, the value of {@code ^LL}.
	 * @return the length in dots
	 */
	public int heightDots() {
		return dots(this.heightInches);
	}

	/**
	 * Converts a distance to dots at this resolution.
	 * @param inches the distance
	 * @return the distance in dots, rounded
	 */
	public int dots(double inches) {
		return (int) Math.round(inches * this.dpi);
	}

}
