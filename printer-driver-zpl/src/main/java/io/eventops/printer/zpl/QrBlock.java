package io.eventops.printer.zpl;

/**
 * The QR code of a badge layout: its position, module size and the credential it encodes.
 *
 * @param x left edge in dots
 * @param y top edge in dots
 * @param magnification dots per QR module, the third {@code ^BQ} parameter (1 to 10)
 * @param moduleCount modules per side of the symbol the layout was sized for
 * @param payload the attendee credential payload
 */
public record QrBlock(int x, int y, int magnification, int moduleCount, String payload) {

	/**
	 * The side length of the symbol in dots.
	 * @return modules times magnification
	 */
	public int side() {
		return this.magnification * this.moduleCount;
	}

}
