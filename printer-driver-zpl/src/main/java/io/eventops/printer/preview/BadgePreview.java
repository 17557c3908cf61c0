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
import io.eventops.printer.zpl.LabelSize;
import io.eventops.printer.zpl.TextBlock;

/**
 * Draws a badge layout as a PNG, one pixel per printer dot, for ops screens.
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
	 * Draws a layout.
	 * @param layout the layout
	 * @return PNG bytes
	 */
	public static byte[] png(BadgeLayout layout) {
		ByteArrayOutputStream out = new ByteArrayOutputStream(16 * 1024);
		try {
			ImageIO.write(image(layout), "png", out);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot encode badge preview", ex);
		}
		return out.toByteArray();
	}

	/**
	 * Draws a layout into an image.
	 * @param layout the layout
	 * @return a white image of the label's size in dots with the badge in black
	 */
	public static BufferedImage image(BadgeLayout layout) {
		BufferedImage image = new BufferedImage(layout.size().widthDots(), layout.size().heightDots(),
				BufferedImage.TYPE_INT_RGB);
		Graphics2D graphics = image.createGraphics();
		try {
			graphics.setColor(Color.WHITE);
			graphics.fillRect(0, 0, image.getWidth(), image.getHeight());
			graphics.setColor(Color.BLACK);
			graphics.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
			for (TextBlock block : layout.textBlocks()) {
				TextPainter.paint(graphics, block);
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
