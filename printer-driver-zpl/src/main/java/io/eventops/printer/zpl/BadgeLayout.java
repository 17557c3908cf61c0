package io.eventops.printer.zpl;

import java.util.List;

/**
 * Where every element of one badge goes on the label: the single layout model that both
 * the ZPL renderer and the PNG preview draw.
 *
 * @param size the label
 * @param trace the ids of the trace comment
 * @param displayName the name block
 * @param company the company block
 * @param tier the tier block
 * @param qr the QR code
 */
public record BadgeLayout(LabelSize size, LabelTrace trace, TextBlock displayName, TextBlock company, TextBlock tier,
		QrBlock qr) {

	private static final double MARGIN = 0.15;

	private static final double QR_SIDE = 1.25;

	/**
	 * Lays a badge out: the name centred on top (two lines at most, shrunk to fit), the
	 * company below it, the tier at the bottom left and the QR code at the bottom right.
	 * @param badge the badge content
	 * @param size the label
	 * @return the layout
	 */
	public static BadgeLayout of(Badge badge, LabelSize size) {
		int width = size.widthDots();
		int height = size.heightDots();
		int margin = size.dots(MARGIN);
		int fullWidth = width - 2 * margin;

		String payload = ZplText.printable(badge.qrPayload());
		int modules = QrSymbols.moduleCount(payload);
		int magnification = Math.clamp(size.dots(QR_SIDE) / modules, 1, 10);
		int qrSide = magnification * modules;
		QrBlock qr = new QrBlock(width - margin - qrSide, height - margin - qrSide, magnification, modules, payload);

		TextBlock name = block(badge.displayName(), margin, margin, fullWidth, size.dots(0.42), size.dots(0.2), 2);
		TextBlock company = block(badge.company(), margin, name.bottom() + size.dots(0.08), fullWidth, size.dots(0.3),
				size.dots(0.18), 1);
		int tierWidth = qr.x() - margin - size.dots(0.15);
		TextBlock tier = block(badge.tier(), margin, 0, tierWidth, size.dots(0.34), size.dots(0.18), 1);
		tier = new TextBlock(tier.x(), qr.y() + qrSide - tier.maxLines() * tier.fontHeight(), tier.width(),
				tier.fontHeight(), tier.maxLines(), tier.text());

		LabelTrace trace = new LabelTrace(badge.jobId(), badge.attendeeId(), badge.credentialVersion());
		return new BadgeLayout(size, trace, name, company, tier, qr);
	}

	/**
	 * The text blocks in printing order.
	 * @return name, company, tier
	 */
	public List<TextBlock> textBlocks() {
		return List.of(this.displayName, this.company, this.tier);
	}

	private static TextBlock block(String raw, int x, int y, int width, int maxHeight, int minHeight, int lines) {
		String text = ZplText.printable(raw);
		int fontHeight = TextFitter.fontHeight(text, width, maxHeight, minHeight, lines);
		int needed = TextFitter.lineCount(text, width, fontHeight);
		return new TextBlock(x, y, width, fontHeight, Math.max(lines, needed), text);
	}

}
