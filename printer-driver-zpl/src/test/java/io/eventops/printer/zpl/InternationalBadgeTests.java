package io.eventops.printer.zpl;

import java.awt.image.BufferedImage;
import java.lang.Character.UnicodeScript;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.eventops.printer.preview.BadgePreview;
import io.eventops.printer.zpl.InternationalNames.Sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class InternationalBadgeTests {

	private static final PrinterFont STORED_LATIN_GREEK_CYRILLIC = PrinterFont.stored("E:NOTOSANS.TTF",
			Set.of(UnicodeScript.LATIN, UnicodeScript.GREEK, UnicodeScript.CYRILLIC));

	@BeforeAll
	static void fontsAreInstalled() {
		// CI installs fonts-noto-core and fonts-noto-cjk (.ci/run); without them nothing
		// here could show that a script is drawn
		assumeTrue(FontCatalog.debianNoto().size() > 0, "Debian Noto fonts not installed");
	}

	static Stream<Arguments> samples() {
		return InternationalNames.ALL.stream()
			.flatMap((sample) -> Stream.of(203, 300).map((dpi) -> Arguments.of(sample, dpi)));
	}

	@ParameterizedTest(name = "{0} at {1} dpi")
	@MethodSource("samples")
	void noCharacterTheFontLacksReachesATextField(Sample sample, int dpi) {
		for (PrinterFont font : List.of(PrinterFont.RESIDENT_0, STORED_LATIN_GREEK_CYRILLIC)) {
			String zpl = ZplBadgeRenderer.render(sample.badge(), LabelSize.badge(dpi), font, FontCatalog.debianNoto());
			List<String> data = new ZplFormat(zpl).fieldData();

			for (String field : data.subList(0, data.size() - 1)) {
				String text = ZplFormat.decodeFieldBlock(ZplFormat.decodeHex(field));
				assertThat(text.codePoints().filter((cp) -> !font.canDraw(cp)).toArray()).as(text).isEmpty();
			}
		}
	}

	@ParameterizedTest(name = "{0} at {1} dpi")
	@MethodSource("samples")
	void sendsEveryBlockFontZeroCannotDrawAsTheImageThePreviewShows(Sample sample, int dpi) {
		LabelSize size = LabelSize.badge(dpi);
		BadgeLayout layout = BadgeLayout.of(sample.badge(), size);
		ZplFormat format = new ZplFormat(
				ZplBadgeRenderer.render(layout, PrinterFont.RESIDENT_0, FontCatalog.debianNoto()));
		BufferedImage preview = BadgePreview.image(layout, PrinterFont.RESIDENT_0, FontCatalog.debianNoto());

		List<TextBlock> drawn = layout.textBlocks()
			.stream()
			.filter((block) -> !block.printableIn(PrinterFont.RESIDENT_0))
			.toList();
		List<ZplFormat.Graphic> graphics = format.graphics();
		assertThat(graphics).hasSameSizeAs(drawn);
		if (!sample.label().equals("latin") && !sample.label().equals("very-long")) {
			assertThat(drawn).isNotEmpty();
		}
		for (int i = 0; i < drawn.size(); i++) {
			TextBlock block = drawn.get(i);
			ZplFormat.Graphic graphic = graphics.get(i);
			assertThat(graphic.rows()).isEqualTo(block.maxLines() * block.fontHeight());
			assertThat(graphic.bytesPerRow()).isEqualTo((block.width() + 7) / 8);
			int ink = 0;
			for (int y = 0; y < graphic.rows(); y++) {
				for (int x = 0; x < block.width(); x++) {
					if (overlapsQr(layout.qr(), block.x() + x, block.y() + y)) {
						// a very long name's box may run under the QR code, drawn on top
						continue;
					}
					boolean previewBlack = (preview.getRGB(block.x() + x, block.y() + y) & 0xFF) < 128;
					assertThat(graphic.black(x, y)).as("dot %d,%d of %s", x, y, block.text()).isEqualTo(previewBlack);
					ink += graphic.black(x, y) ? 1 : 0;
				}
			}
			assertThat(ink).as("ink of " + block.text()).isPositive();
		}
	}

	@Test
	void printsTheScriptsAStoredFontCoversAsTextInThatFont() {
		Badge badge = TestBadges.badge().displayName("Фёдор Αριστοτέλης").company("محمد").build();

		ZplFormat format = new ZplFormat(ZplBadgeRenderer.render(badge, LabelSize.BADGE_203_DPI,
				STORED_LATIN_GREEK_CYRILLIC, FontCatalog.debianNoto()));

		assertThat(format.fieldData().get(0)).isEqualTo("Фёдор Αριστοτέλης");
		assertThat(format.commands()).contains("A@").containsOnlyOnce("GF");
		assertThat(ZplBadgeRenderer.render(badge, LabelSize.BADGE_203_DPI, STORED_LATIN_GREEK_CYRILLIC,
				FontCatalog.debianNoto()))
			.contains("^A@N,85,85,E:NOTOSANS.TTF^FB");
	}

	@Test
	void joinsArabicLettersLikeArabicIsWritten() {
		// a zero-width non-joiner between the letters keeps each in its isolated form: if
		// the letters were not shaped, both would look the same
		BufferedImage joined = raster("محمد");
		BufferedImage isolated = raster("م\u200Cح\u200Cم\u200Cد");

		assertThat(similarity(joined, isolated)).isLessThan(0.985);
		assertThat(inkWidth("محمد")).isNotEqualTo(inkWidth("م\u200Cح\u200Cم\u200Cد"));
	}

	@Test
	void ordersHebrewRightToLeftInsideALeftToRightLine() {
		// "ABC " then the Hebrew word: the Latin part keeps its place on the left, and
		// the
		// first Hebrew letter is the rightmost one
		BufferedImage mixed = raster("ABC אב");
		BufferedImage aleph = raster("ABC א");
		BufferedImage bet = raster("ABC ב");

		assertThat(rightmostInk(mixed)).isGreaterThan(leftmostInk(mixed));
		assertThat(similarity(rightEdge(mixed), rightEdge(aleph)))
			.isGreaterThan(similarity(rightEdge(mixed), rightEdge(bet)));
	}

	@Test
	void leavesOutWhatNoFontHasRatherThanDrawingABox() {
		// unassigned code points: no font has them (private-use ones are drawn by some
		// icon fonts, e.g. the glyphicons Debian's prometheus brings along)
		assertThat(BlockRaster.undrawable("Ada \u0378\u0379", FontCatalog.debianNoto())).isEqualTo(2);
		BufferedImage withUnassigned = raster("Ada\u0378");
		BufferedImage without = raster("Ada");

		assertThat(similarity(withUnassigned, without)).isEqualTo(1.0);
	}

	private static boolean overlapsQr(QrBlock qr, int x, int y) {
		return x >= qr.x() && x < qr.x() + qr.side() && y >= qr.y() && y < qr.y() + qr.side();
	}

	private static BufferedImage raster(String text) {
		return BlockRaster.draw(new TextBlock(0, 0, 600, 80, 1, text), FontCatalog.debianNoto());
	}

	private static int inkWidth(String text) {
		BufferedImage image = raster(text);
		return rightmostInk(image) - leftmostInk(image) + 1;
	}

	private static int leftmostInk(BufferedImage image) {
		for (int x = 0; x < image.getWidth(); x++) {
			for (int y = 0; y < image.getHeight(); y++) {
				if ((image.getRGB(x, y) & 0xFF) < 128) {
					return x;
				}
			}
		}
		return -1;
	}

	private static int rightmostInk(BufferedImage image) {
		for (int x = image.getWidth() - 1; x >= 0; x--) {
			for (int y = 0; y < image.getHeight(); y++) {
				if ((image.getRGB(x, y) & 0xFF) < 128) {
					return x;
				}
			}
		}
		return -1;
	}

	// the 40 columns left of the ink's right edge, as a one-bit matrix
	private static boolean[][] rightEdge(BufferedImage image) {
		int right = rightmostInk(image);
		boolean[][] edge = new boolean[40][image.getHeight()];
		for (int dx = 0; dx < 40; dx++) {
			for (int y = 0; y < image.getHeight(); y++) {
				int x = right - dx;
				edge[dx][y] = x >= 0 && (image.getRGB(x, y) & 0xFF) < 128;
			}
		}
		return edge;
	}

	private static double similarity(boolean[][] a, boolean[][] b) {
		int same = 0;
		int total = 0;
		for (int x = 0; x < a.length; x++) {
			for (int y = 0; y < a[x].length; y++) {
				same += (a[x][y] == b[x][y]) ? 1 : 0;
				total++;
			}
		}
		return (double) same / total;
	}

	private static double similarity(BufferedImage a, BufferedImage b) {
		int same = 0;
		for (int x = 0; x < a.getWidth(); x++) {
			for (int y = 0; y < a.getHeight(); y++) {
				same += (((a.getRGB(x, y) & 0xFF) < 128) == ((b.getRGB(x, y) & 0xFF) < 128)) ? 1 : 0;
			}
		}
		return (double) same / (a.getWidth() * a.getHeight());
	}

}
