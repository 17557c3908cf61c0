package io.eventops.printer.zpl;

/**
 * Renders a badge layout as one ZPL II format in the contract's "Badge label format".
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
	 * Renders a layout.
	 * @param layout the layout
	 * @return one format, {@code ^XA} to {@code ^XZ}, UTF-8 text
	 */
	public static String render(BadgeLayout layout) {
		StringBuilder zpl = new StringBuilder(512);
		// The trace comment comes first so a label can be found in a raw capture by its
		// ids.
		zpl.append("^XA\n").append(layout.trace().toZpl()).append('\n');
		zpl.append("^CI28\n");
		zpl.append("^PW").append(layout.size().widthDots()).append('\n');
		zpl.append("^LL").append(layout.size().heightDots()).append('\n');
		zpl.append("^LH0,0\n");
		for (TextBlock block : layout.textBlocks()) {
			text(zpl, block);
		}
		QrBlock qr = layout.qr();
		zpl.append("^FO").append(qr.x()).append(',').append(qr.y());
		zpl.append("^BQN,2,").append(qr.magnification());
		zpl.append("^FH^FDQA,").append(ZplText.fieldData(qr.payload(), false)).append("^FS\n");
		zpl.append("^PQ1\n");
		zpl.append("^XZ\n");
		return zpl.toString();
	}

	private static void text(StringBuilder zpl, TextBlock block) {
		zpl.append("^FO").append(block.x()).append(',').append(block.y());
		zpl.append("^A0N,").append(block.fontHeight()).append(',').append(block.fontHeight());
		zpl.append("^FB").append(block.width()).append(',').append(block.maxLines()).append(",0,C,0");
		zpl.append("^FH^FD").append(ZplText.fieldData(block.text(), true)).append("^FS\n");
	}

}
