package io.eventops.printer.zpl;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.font.FontRenderContext;
import java.awt.font.LineBreakMeasurer;
import java.awt.font.TextAttribute;
import java.awt.font.TextLayout;
import java.awt.image.BufferedImage;
import java.lang.Character.UnicodeScript;
import java.text.AttributedString;
import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Draws a text block with Java2D the way the badge wants it (word-wrapped, each line
 * centred, shrunk until it fits the block's lines) into a one-bit image of the block's
 * box: the image that goes to the printer as a graphic field and into the preview.
 */
public final class BlockRaster {

	static {
		// servers and CI have no display
		if (System.getProperty("java.awt.headless") == null) {
			System.setProperty("java.awt.headless", "true");
		}
	}

	// the em size of the first try relative to the block's line height: Noto's ascent
	// plus
	// descent is about 1.36 em, so a line of 0.72 em fills the line height like font 0
	// does
	private static final float EM_PER_LINE = 0.72f;

	// never smaller than this share of the first try; what still does not fit is cut at
	// the block's last line
	private static final float SMALLEST = 0.45f;

	private static final FontRenderContext FRC = new FontRenderContext(null, false, true);

	private BlockRaster() {
	}

	/**
	 * Draws a block.
	 * @param block the block, its text printable
	 * @param fonts the fonts to draw with
	 * @return a black-on-white image of the block's width and its lines' height
	 */
	public static BufferedImage draw(TextBlock block, FontCatalog fonts) {
		int height = block.maxLines() * block.fontHeight();
		BufferedImage image = new BufferedImage(block.width(), height, BufferedImage.TYPE_BYTE_BINARY);
		Graphics2D graphics = image.createGraphics();
		try {
			graphics.setColor(Color.WHITE);
			graphics.fillRect(0, 0, block.width(), height);
			graphics.setColor(Color.BLACK);
			// one-bit output: antialiasing would only be thresholded away
			graphics.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_OFF);
			graphics.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
			String text = drawable(block.text(), fonts).strip();
			if (!text.isEmpty()) {
				List<TextLayout> lines = fit(text, block, fonts);
				float y = 0;
				for (TextLayout line : lines) {
					float lineHeight = line.getAscent() + line.getDescent();
					if (y + lineHeight > height + 1 && y > 0) {
						break;
					}
					float x = Math.max(0, (block.width() - line.getAdvance()) / 2);
					line.draw(graphics, x, y + line.getAscent());
					y += lineHeight;
				}
			}
		}
		finally {
			graphics.dispose();
		}
		return image;
	}

	/**
	 * The characters of a text that no font of the catalog (nor Java's default) can draw:
	 * they are left out of the image rather than drawn as boxes.
	 * @param text the text
	 * @param fonts the catalog
	 * @return the number of such characters
	 */
	public static long undrawable(String text, FontCatalog fonts) {
		return text.codePoints().filter((cp) -> !Character.isWhitespace(cp) && fontOf(cp, text, fonts) == null).count();
	}

	// a character no font has is left out: a box would tell the attendee nothing
	private static String drawable(String text, FontCatalog fonts) {
		StringBuilder out = new StringBuilder(text.length());
		text.codePoints()
			.filter((cp) -> Character.isWhitespace(cp) || fontOf(cp, text, fonts) != null)
			.forEach(out::appendCodePoint);
		return out.toString();
	}

	private static List<TextLayout> fit(String text, TextBlock block, FontCatalog fonts) {
		float first = block.fontHeight() * EM_PER_LINE;
		float size = first;
		List<TextLayout> lines = layout(text, size, block.width(), fonts);
		while (size > first * SMALLEST && !fits(lines, block)) {
			size *= 0.92f;
			lines = layout(text, size, block.width(), fonts);
		}
		return lines;
	}

	private static boolean fits(List<TextLayout> lines, TextBlock block) {
		float height = 0;
		for (TextLayout line : lines) {
			height += line.getAscent() + line.getDescent();
		}
		return lines.size() <= block.maxLines() && height <= block.maxLines() * block.fontHeight() + 1;
	}

	// LineBreakMeasurer wraps at word boundaries (and inside a word too wide for a line);
	// each TextLayout runs the Unicode bidi algorithm and shapes (Arabic joining, Indic
	// and
	// Thai marks) over its line.
	private static List<TextLayout> layout(String text, float size, int width, FontCatalog fonts) {
		AttributedString attributed = attributed(text, size, fonts);
		LineBreakMeasurer measurer = new LineBreakMeasurer(attributed.getIterator(),
				BreakIterator.getLineInstance(Locale.ROOT), FRC);
		List<TextLayout> lines = new ArrayList<>();
		while (measurer.getPosition() < text.length()) {
			TextLayout line = measurer.nextLayout(width);
			if (line == null) {
				break;
			}
			lines.add(line);
		}
		return lines;
	}

	// One font per run: a character stays in the font of the run it is in when that font
	// has it (spaces, digits, marks), else it starts a run in the best font that has it.
	private static AttributedString attributed(String text, float size, FontCatalog fonts) {
		AttributedString attributed = new AttributedString(text);
		Font current = null;
		int runStart = 0;
		int i = 0;
		while (i < text.length()) {
			int cp = text.codePointAt(i);
			int next = i + Character.charCount(cp);
			boolean neutral = neutral(cp);
			Font font = (current != null && (neutral || current.canDisplay(cp))
					&& (neutral || sameScriptFont(current, cp, text, fonts))) ? current : fontOf(cp, text, fonts);
			if (font == null) {
				font = (current != null) ? current : new Font(Font.SANS_SERIF, Font.BOLD, 1);
			}
			if (font != current) {
				if (current != null) {
					attributed.addAttribute(TextAttribute.FONT, current.deriveFont(size), runStart, i);
				}
				current = font;
				runStart = i;
			}
			i = next;
		}
		if (current != null) {
			attributed.addAttribute(TextAttribute.FONT, current.deriveFont(size), runStart, text.length());
		}
		return attributed;
	}

	private static boolean sameScriptFont(Font current, int cp, String text, FontCatalog fonts) {
		// keep the run when the best font for this character is the run's font anyway
		Font best = fontOf(cp, text, fonts);
		return best == null || best.equals(current);
	}

	// Marks stay with their base letter, spaces and punctuation outside ASCII with their
	// run. ASCII punctuation always takes the catalog's first choice: a script font may
	// map
	// '(' but lack the mirrored glyph that a right-to-left run draws for it.
	private static boolean neutral(int cp) {
		UnicodeScript script = UnicodeScript.of(cp);
		return script == UnicodeScript.INHERITED || (script == UnicodeScript.COMMON && (cp > 0x7F || cp == ' '));
	}

	private static Font fontOf(int cp, String text, FontCatalog fonts) {
		Font font = fonts.fontFor(cp, text);
		if (font != null) {
			return font;
		}
		Font logical = new Font(Font.SANS_SERIF, Font.BOLD, 1);
		return logical.canDisplay(cp) ? logical : null;
	}

}
