package io.eventops.printer.zpl;

/**
 * One centred, word-wrapped text field of a badge layout, in printer dots.
 *
 * @param x left edge of the block
 * @param y top edge of the block
 * @param width block width, the first {@code ^FB} parameter
 * @param fontHeight character height of the scalable font
 * @param maxLines number of lines the block may use
 * @param text the text to print, already stripped of control characters
 */
public record TextBlock(int x, int y, int width, int fontHeight, int maxLines, String text) {

	/**
	 * The bottom edge of the block.
	 * @return y plus the height of all its lines
	 */
	public int bottom() {
		return this.y + this.maxLines * this.fontHeight;
	}

	/**
	 * Whether the printer can print this block as a text field in its font; if not, the
	 * driver sends it as a graphic field drawn by {@link BlockRaster}.
	 * @param font the printer's font
	 * @return true when every character of the text is one the font draws right
	 */
	public boolean printableIn(PrinterFont font) {
		return font.canDraw(this.text);
	}

}
