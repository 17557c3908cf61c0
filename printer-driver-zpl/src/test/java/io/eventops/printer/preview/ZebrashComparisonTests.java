package io.eventops.printer.preview;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.eventops.printer.zpl.BadgeLayout;
import io.eventops.printer.zpl.FontCatalog;
import io.eventops.printer.zpl.InternationalNames;
import io.eventops.printer.zpl.InternationalNames.Sample;
import io.eventops.printer.zpl.LabelSize;
import io.eventops.printer.zpl.PrinterFont;
import io.eventops.printer.zpl.QrBlock;
import io.eventops.printer.zpl.TextBlock;
import io.eventops.printer.zpl.ZplBadgeRenderer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Renders every badge of the international set with Zebrash (the npm package
 * zpl-renderer-js, an independent ZPL renderer) and compares its image with the preview.
 * Runs where Node and {@code npm ci --prefix printer-driver-zpl/src/test/node} are there.
 */
class ZebrashComparisonTests {

	private static final Path NODE_DIR = Path.of("src/test/node");

	// cells of 4 x 4 dots, black when a quarter of the cell is
	private static final int CELL = 4;

	@BeforeAll
	static void nodeAndZebrashAreInstalled() {
		assumeTrue(Files.isDirectory(NODE_DIR.resolve("node_modules/zpl-renderer-js")),
				"run npm ci --prefix printer-driver-zpl/src/test/node");
		assumeTrue(nodeRuns(), "node is not on the PATH");
		assumeTrue(FontCatalog.debianNoto().size() > 0, "Debian Noto fonts not installed");
	}

	@Test
	void zebrashPrintsEveryScriptAsThePreviewShowsIt(@TempDir Path dir) throws Exception {
		LabelSize size = LabelSize.BADGE_203_DPI;
		List<Path> files = new ArrayList<>();
		for (Sample sample : InternationalNames.ALL) {
			Path file = dir.resolve(sample.label() + ".zpl");
			Files.writeString(file,
					ZplBadgeRenderer.render(sample.badge(), size, PrinterFont.RESIDENT_0, FontCatalog.debianNoto()));
			files.add(file);
		}
		render(files, size);

		for (Sample sample : InternationalNames.ALL) {
			BadgeLayout layout = BadgeLayout.of(sample.badge(), size);
			BufferedImage preview = BadgePreview.image(layout, PrinterFont.RESIDENT_0, FontCatalog.debianNoto());
			BufferedImage zebrash = ImageIO.read(dir.resolve(sample.label() + ".zebrash.png").toFile());
			assertThat(zebrash).as(sample.label()).isNotNull();

			for (TextBlock block : layout.textBlocks()) {
				if (block.text().isBlank()) {
					continue;
				}
				boolean text = block.printableIn(PrinterFont.RESIDENT_0);
				if (text) {
					// Zebrash's font 0 is not the preview's sans bold: the same words,
					// centred
					// in the same block, are what can be compared
					double shift = Math
						.abs(inkCentre(preview, block, layout.qr()) - inkCentre(zebrash, block, layout.qr()));
					System.out.printf("zebrash %-16s %-40.40s text    centre shift %.3f%n", sample.label(),
							block.text(), shift / block.width());
					assertThat(shift / block.width()).as("%s: %s", sample.label(), block.text()).isLessThan(0.08);
				}
				else {
					// a graphic field is the preview's own image: only cell rounding may
					// differ
					double difference = difference(preview, zebrash, block, layout.qr());
					System.out.printf("zebrash %-16s %-40.40s graphic difference %.4f%n", sample.label(), block.text(),
							difference);
					assertThat(difference).as("%s: %s", sample.label(), block.text()).isLessThanOrEqualTo(0.01);
				}
				assertThat(inkCells(zebrash, block, layout.qr())).as("%s: %s printed", sample.label(), block.text())
					.isPositive();
			}
		}
	}

	// share of the block's cells (outside the QR code) that one image has black and the
	// other not, over the cells either image has black
	private static double difference(BufferedImage a, BufferedImage b, TextBlock block, QrBlock qr) {
		int differ = 0;
		int inked = 0;
		for (int y = block.y(); y + CELL <= block.y() + block.maxLines() * block.fontHeight(); y += CELL) {
			for (int x = block.x(); x + CELL <= block.x() + block.width(); x += CELL) {
				if (underQr(qr, x, y)) {
					continue;
				}
				boolean inA = black(a, x, y);
				boolean inB = black(b, x, y);
				differ += (inA != inB) ? 1 : 0;
				inked += (inA || inB) ? 1 : 0;
			}
		}
		return (inked == 0) ? 0 : (double) differ / inked;
	}

	private static double inkCentre(BufferedImage image, TextBlock block, QrBlock qr) {
		long sum = 0;
		int cells = 0;
		for (int y = block.y(); y + CELL <= block.y() + block.maxLines() * block.fontHeight(); y += CELL) {
			for (int x = block.x(); x + CELL <= block.x() + block.width(); x += CELL) {
				if (!underQr(qr, x, y) && black(image, x, y)) {
					sum += x;
					cells++;
				}
			}
		}
		return (cells == 0) ? -block.width() : (double) sum / cells;
	}

	private static int inkCells(BufferedImage image, TextBlock block, QrBlock qr) {
		int cells = 0;
		for (int y = block.y(); y + CELL <= block.y() + block.maxLines() * block.fontHeight(); y += CELL) {
			for (int x = block.x(); x + CELL <= block.x() + block.width(); x += CELL) {
				cells += (!underQr(qr, x, y) && black(image, x, y)) ? 1 : 0;
			}
		}
		return cells;
	}

	private static boolean underQr(QrBlock qr, int x, int y) {
		return x + CELL > qr.x() && y + CELL > qr.y();
	}

	private static boolean black(BufferedImage image, int x0, int y0) {
		int black = 0;
		for (int y = y0; y < y0 + CELL && y < image.getHeight(); y++) {
			for (int x = x0; x < x0 + CELL && x < image.getWidth(); x++) {
				int rgb = image.getRGB(x, y);
				boolean transparent = (rgb >>> 24) < 128;
				black += (!transparent && (rgb & 0xFF) < 128) ? 1 : 0;
			}
		}
		return black * 4 >= CELL * CELL;
	}

	private static void render(List<Path> files, LabelSize size) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(
				List.of("node", NODE_DIR.resolve("render.mjs").toString(), String.valueOf(size.widthInches() * 25.4),
						String.valueOf(size.heightInches() * 25.4), String.valueOf(Math.round(size.dpi() / 25.4))));
		files.forEach((file) -> command.add(file.toString()));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();
		assertThat(process.exitValue()).as(output).isZero();
	}

	private static boolean nodeRuns() {
		try {
			Process process = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
			process.getInputStream().readAllBytes();
			return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0;
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

}
