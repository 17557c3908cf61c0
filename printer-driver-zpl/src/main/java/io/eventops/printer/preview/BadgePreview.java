package io.eventops.printer.preview;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

import javax.imageio.ImageIO;

import io.eventops.printer.zpl.Badge;
import io.eventops.printer.zpl.BadgeLayout;
import io.eventops.printer.zpl.BlockRaster;
import io.eventops.printer.zpl.FontCatalog;
import io.eventops.printer.zpl.LabelSize;
import io.eventops.printer.zpl.PrinterFont;
import io.eventops.printer.zpl.TextBlock;

/**
 * Draws a badge layout as a PNG, one pixel per printer dot, for ops screens: a block the
 * printer gets as a graphic field is drawn from the very image it gets.
 */
public final class BadgePreview {

	static {
		// ops screens render previews on servers without a display
		if (System.getProperty("java.awt.headless") == null) {
			System.setProperty("java.awt.headless", "true");
		}
	}

	private BadgePreview() {
	}

	/**
	 * Lays out and draws a badge.
	 * @param badge the badge content
	 * @param size the label, which gives the image size in pixels
	 * @return PNG bytes
	 */
	public static byte[] png(Badge badge, LabelSize size) {
		return png(BadgeLayout.of(badge, size));
	}

	/**
	 * Lays out and draws a badge as a printer with a given font prints it.
	 * @param badge the badge content
	 * @param size the label, which gives the image size in pixels
	 * @param font the printer's text font
	 * @param fonts the fonts that draw what the printer's font cannot
	 * @return PNG bytes
	 */
	public static byte[] png(Badge badge, LabelSize size, PrinterFont font, FontCatalog fonts) {
		return encode(image(BadgeLayout.of(badge, size), font, fonts));
	}

	/**
	 * Draws a layout.
	 * @param layout the layout
	 * @return PNG bytes
	 */
	public static byte[] png(BadgeLayout layout) {
		return encode(image(layout));
	}

	private static byte[] encode(BufferedImage image) {
		ByteArrayOutputStream out = new ByteArrayOutputStream(16 * 1024);
		try {
			ImageIO.write(image, "png", out);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot encode badge preview", ex);
		}
		return out.toByteArray();
	}

	/**
	 * Draws a layout into an image as a printer with the resident font 0 prints it (the
	 * driver's default, like {@code ZplBadgeRenderer.render(layout)}).
	 * @param layout the layout
	 * @return a white image of the label's size in dots with the badge in black
	 */
	public static BufferedImage image(BadgeLayout layout) {
		return image(layout, PrinterFont.RESIDENT_0, FontCatalog.debianNoto());
	}

	/**
	 * Draws a layout into an image as a printer with a given font prints it.
	 * @param layout the layout
	 * @param font the printer's text font
	 * @param fonts the fonts that draw what the printer's font cannot
	 * @return a white image of the label's size in dots with the badge in black
	 */
	public static BufferedImage image(BadgeLayout layout, PrinterFont font, FontCatalog fonts) {
		BufferedImage image = new BufferedImage(layout.size().widthDots(), layout.size().heightDots(),
				BufferedImage.TYPE_INT_RGB);
		Graphics2D graphics = image.createGraphics();
		try {
			graphics.setColor(Color.WHITE);
			graphics.fillRect(0, 0, image.getWidth(), image.getHeight());
			graphics.setColor(Color.BLACK);
			graphics.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
			for (TextBlock block : layout.textBlocks()) {
				if (block.printableIn(font)) {
					TextPainter.paint(graphics, block);
				}
				else {
					graphics.drawImage(BlockRaster.draw(block, fonts), block.x(), block.y(), null);
				}
			}
			graphics.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
			QrPainter.paint(graphics, layout.qr());
		}
		finally {
			graphics.dispose();
		}
		return image;
	}

}
