package io.eventops.printer.zpl;

/**
 * Renders a badge layout as one ZPL II format in the contract's "Badge label format":
 * text blocks the printer's font draws right as text fields, the others as graphic fields
 * drawn by the driver.
 */
public final class ZplBadgeRenderer {

	private ZplBadgeRenderer() {
	}

	/**
	 * Lays out and renders a badge.
	 * @param badge the badge content
	 * @param size the label
	 * @return one format, {@code ^XA} to {@code ^XZ}, UTF-8 text
	 */
	public static String render(Badge badge, LabelSize size) {
		return render(BadgeLayout.of(badge, size));
	}

	/**
	 * Lays out and renders a badge for a printer's font.
	 * @param badge the badge content
	 * @param size the label
	 * @param font the printer's text font
	 * @param fonts the fonts that draw what the printer's font cannot
	 * @return one format, {@code ^XA} to {@code ^XZ}, UTF-8 text
	 */
	public static String render(Badge badge, LabelSize size, PrinterFont font, FontCatalog fonts) {
		return render(BadgeLayout.of(badge, size), font, fonts);
	}

	/**
	 * Renders a layout for a printer with the resident font 0, drawing other scripts with
	 * the Debian Noto fonts when they are installed.
	 * @param layout the layout
	 * @return one format, {@code ^XA} to {@code ^XZ}, UTF-8 text
	 */
	public static String render(BadgeLayout layout) {
		return render(layout, PrinterFont.RESIDENT_0, FontCatalog.debianNoto());
	}

	/**
	 * Renders a layout for a printer's font.
	 * @param layout the layout
	 * @param font the printer's text font
	 * @param fonts the fonts that draw what the printer's font cannot
	 * @return one format, {@code ^XA} to {@code ^XZ}, UTF-8 text
	 */
	public static String render(BadgeLayout layout, PrinterFont font, FontCatalog fonts) {
		StringBuilder zpl = new StringBuilder(512);
		// The trace comment comes first so a label can be found in a raw capture by its
		// ids.
		zpl.append("^XA\n").append(layout.trace().toZpl()).append('\n');
		zpl.append("^CI28\n");
		zpl.append("^PW").append(layout.size().widthDots()).append('\n');
		zpl.append("^LL").append(layout.size().heightDots()).append('\n');
		zpl.append("^LH0,0\n");
		for (TextBlock block : layout.textBlocks()) {
			if (block.printableIn(font)) {
				text(zpl, block, font);
			}
			else {
				graphic(zpl, block, fonts);
			}
		}
		QrBlock qr = layout.qr();
		zpl.append("^FO").append(qr.x()).append(',').append(qr.y());
		zpl.append("^BQN,2,").append(qr.magnification());
		zpl.append("^FH^FDQA,").append(ZplText.fieldData(qr.payload(), false)).append("^FS\n");
		zpl.append("^PQ1\n");
		zpl.append("^XZ\n");
		return zpl.toString();
	}

	private static void text(StringBuilder zpl, TextBlock block, PrinterFont font) {
		zpl.append("^FO").append(block.x()).append(',').append(block.y());
		zpl.append(font.fieldFont(block.fontHeight()));
		zpl.append("^FB").append(block.width()).append(',').append(block.maxLines()).append(",0,C,0");
		zpl.append("^FH^FD").append(ZplText.fieldData(block.text(), true)).append("^FS\n");
	}

	// The same image the preview shows, in the block's box; its data is base64 and hex,
	// so
	// nothing of the attendee's text reaches the format as characters.
	private static void graphic(StringBuilder zpl, TextBlock block, FontCatalog fonts) {
		zpl.append("^FO").append(block.x()).append(',').append(block.y());
		zpl.append(GraphicField.z64(BlockRaster.draw(block, fonts))).append("^FS\n");
	}

}
