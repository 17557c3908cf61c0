package io.eventops.printer.zpl;

import java.awt.Font;
import java.awt.FontFormatException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.Character.UnicodeScript;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The fonts the driver renders text with when the printer's font cannot draw it: every
 * TrueType / OpenType file (and collection) of some directories, tried in a fixed order
 * of preference per character.
 */
public final class FontCatalog {

	/**
	 * Where Debian's {@code fonts-noto-core} and {@code fonts-noto-cjk} put their fonts.
	 */
	public static final List<Path> DEBIAN_NOTO = List.of(Path.of("/usr/share/fonts/truetype/noto"),
			Path.of("/usr/share/fonts/opentype/noto"));

	private static final FontCatalog EMPTY = new FontCatalog(List.of(), List.of());

	private final List<Font> fonts;

	private final List<Path> missing;

	// code point and Han region -> index into fonts (-1: none); canDisplay over some 300
	// faces per character would dominate the time to render a badge
	private final Map<String, Integer> choices = new ConcurrentHashMap<>();

	private FontCatalog(List<Font> fonts, List<Path> missing) {
		this.fonts = List.copyOf(fonts);
		this.missing = List.copyOf(missing);
	}

	/**
	 * Loads every font file of some directories (not their subdirectories).
	 * @param directories font directories; one that does not exist is reported by
	 * {@link #missingDirectories()}
	 * @return the catalog
	 * @throws UncheckedIOException when a directory cannot be read
	 */
	public static FontCatalog load(List<Path> directories) {
		List<Font> fonts = new ArrayList<>();
		List<Path> missing = new ArrayList<>();
		for (Path directory : directories) {
			if (!Files.isDirectory(directory)) {
				missing.add(directory);
				continue;
			}
			try (Stream<Path> files = Files.list(directory)) {
				for (Path file : files.filter(FontCatalog::isFontFile).sorted().toList()) {
					fonts.addAll(read(file));
				}
			}
			catch (IOException ex) {
				throw new UncheckedIOException("cannot list fonts in " + directory, ex);
			}
		}
		fonts.sort(
				Comparator.comparingInt(FontCatalog::rank).thenComparing((Font font) -> font.getFontName(Locale.ROOT)));
		return new FontCatalog(fonts, missing);
	}

	/**
	 * A catalog without fonts: only the printer's font and Java's logical fonts draw
	 * text.
	 * @return the empty catalog
	 */
	public static FontCatalog empty() {
		return EMPTY;
	}

	/**
	 * The catalog of the Debian Noto directories, loaded once.
	 * @return the catalog, empty when the packages are not installed
	 */
	public static FontCatalog debianNoto() {
		return DebianNoto.CATALOG;
	}

	/**
	 * The fonts loaded, best first.
	 * @return the number of font faces
	 */
	public int size() {
		return this.fonts.size();
	}

	/**
	 * The configured directories that did not exist when the catalog was loaded.
	 * @return the missing directories
	 */
	public List<Path> missingDirectories() {
		return this.missing;
	}

	/**
	 * The preferred font for a character of a text.
	 * @param codePoint the character
	 * @param text the whole text, which picks the regional face of Han characters
	 * @return the best font that has a glyph for it, null when none has
	 */
	public Font fontFor(int codePoint, String text) {
		String region = (UnicodeScript.of(codePoint) == UnicodeScript.HAN) ? hanRegion(text) : null;
		int index = this.choices.computeIfAbsent(codePoint + ((region != null) ? region : ""),
				(key) -> choose(codePoint, region));
		return (index >= 0) ? this.fonts.get(index) : null;
	}

	private int choose(int codePoint, String region) {
		int fallback = -1;
		for (int i = 0; i < this.fonts.size(); i++) {
			Font font = this.fonts.get(i);
			if (font.canDisplay(codePoint)) {
				if (region == null || font.getFontName().contains(region)) {
					return i;
				}
				if (fallback < 0) {
					fallback = i;
				}
			}
		}
		return fallback;
	}

	// Han characters are unified in Unicode but drawn differently in Japan, Korea and
	// China:
	// kana or Hangul in the same name say which one the attendee writes.
	private static String hanRegion(String text) {
		boolean[] seen = new boolean[2];
		text.codePoints().forEach((cp) -> {
			UnicodeScript script = UnicodeScript.of(cp);
			seen[0] |= script == UnicodeScript.HIRAGANA || script == UnicodeScript.KATAKANA;
			seen[1] |= script == UnicodeScript.HANGUL;
		});
		return seen[0] ? " JP" : seen[1] ? " KR" : " SC";
	}

	// Bold sans faces first (a badge name is bold), plain faces before UI, display, mono
	// and
	// serif variants, then the shorter (more general) family: NotoSans before
	// NotoSansArabic.
	private static int rank(Font font) {
		String name = font.getFontName(Locale.ROOT);
		int rank = name.length();
		if (!name.contains("Bold") || name.contains("Extra") || name.contains("Semi")) {
			rank += 1000;
		}
		if (name.contains("Serif") || name.contains("Mono") || name.contains("Display") || name.contains(" UI")
				|| name.contains("Condensed") || name.contains("Looped")) {
			rank += 500;
		}
		if (!name.contains("Sans")) {
			rank += 200;
		}
		return rank;
	}

	private static boolean isFontFile(Path file) {
		String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
		return Files.isRegularFile(file) && (name.endsWith(".ttf") || name.endsWith(".otf") || name.endsWith(".ttc"));
	}

	private static List<Font> read(Path file) {
		try {
			return Arrays.asList(Font.createFonts(file.toFile()));
		}
		catch (FontFormatException | IOException ex) {
			// one broken file must not cost the others
			return List.of();
		}
	}

	private static final class DebianNoto {

		static final FontCatalog CATALOG = load(DEBIAN_NOTO);

	}

}
