package io.eventops.printer.preview;

import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.util.ArrayList;
import java.util.List;

import io.eventops.printer.zpl.TextBlock;

/**
 * Draws a text block the way {@code ^FB} prints it: word-wrapped, centred, at most its
 * number of lines.
 */
final class TextPainter {

	private static final String ELLIPSIS = "\u2026";

	private TextPainter() {
	}

	static void paint(Graphics2D graphics, TextBlock block) {
		if (block.text().isBlank()) {
			return;
		}
		graphics.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 1).deriveFont((float) block.fontHeight()));
		FontMetrics metrics = graphics.getFontMetrics();
		List<String> lines = wrap(block.text(), block.width(), metrics);
		if (lines.size() > block.maxLines()) {
			List<String> kept = new ArrayList<>(lines.subList(0, block.maxLines()));
			kept.set(kept.size() - 1, kept.get(kept.size() - 1) + ELLIPSIS);
			lines = kept;
		}
		int baseline = block.y() + metrics.getAscent();
		for (String line : lines) {
			int x = block.x() + Math.max(0, (block.width() - metrics.stringWidth(line)) / 2);
			graphics.drawString(line, x, baseline);
			baseline += block.fontHeight();
		}
	}

	static List<String> wrap(String text, int width, FontMetrics metrics) {
		List<String> lines = new ArrayList<>();
		StringBuilder line = new StringBuilder();
		for (String word : text.trim().split("\\s+")) {
			String candidate = line.isEmpty() ? word : line + " " + word;
			if (metrics.stringWidth(candidate) <= width) {
				line.setLength(0);
				line.append(candidate);
				continue;
			}
			if (!line.isEmpty()) {
				lines.add(line.toString());
				line.setLength(0);
			}
			// a word wider than the block is broken across lines, as ^FB does
			int start = 0;
			while (start < word.length()) {
				int end = start + Character.charCount(word.codePointAt(start));
				while (end < word.length() && metrics
					.stringWidth(word.substring(start, end + Character.charCount(word.codePointAt(end)))) <= width) {
					end += Character.charCount(word.codePointAt(end));
				}
				if (end < word.length()) {
					lines.add(word.substring(start, end));
				}
				else {
					line.append(word, start, end);
				}
				start = end;
			}
		}
		if (!line.isEmpty()) {
			lines.add(line.toString());
		}
		return lines;
	}

}
