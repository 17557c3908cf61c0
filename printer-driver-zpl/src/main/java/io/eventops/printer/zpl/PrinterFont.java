package io.eventops.printer.zpl;

import java.lang.Character.UnicodeScript;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The font a printer draws text fields with, and which characters it can draw: the
 * resident font 0, or a Unicode TrueType font stored on the printer ({@code ^A@}) with
 * the scripts it covers.
 *
 * @param file the stored font, e.g. {@code E:NOTOSANS.TTF}; null for the resident font 0
 * @param scripts the scripts the stored font covers; empty for the resident font 0
 */
public record PrinterFont(String file, Set<UnicodeScript> scripts) {

	/** Resident font 0 (CG Triumvirate Bold Condensed): Latin only. */
	public static final PrinterFont RESIDENT_0 = new PrinterFont(null, Set.of());

	/**
	 * A stored font's name on the printer: a drive letter, a file name and .TTF or .TTE.
	 */
	public static final Pattern FILE = Pattern.compile("[RrEeBbAa]:[A-Za-z0-9_-]{1,32}\\.(TTF|ttf|TTE|tte)");

	// Scripts whose letters change shape with their neighbours (Arabic joining), are
	// written
	// right to left, or stack and reorder marks (Indic, Thai). A printer draws them right
	// only
	// with its optional advanced layout engine, which we cannot detect, so the driver
	// always
	// renders them itself, whatever the printer's font covers.
	private static final Set<UnicodeScript> NEEDS_LAYOUT = EnumSet.of(UnicodeScript.ARABIC, UnicodeScript.HEBREW,
			UnicodeScript.SYRIAC, UnicodeScript.THAANA, UnicodeScript.NKO, UnicodeScript.DEVANAGARI,
			UnicodeScript.BENGALI, UnicodeScript.GURMUKHI, UnicodeScript.GUJARATI, UnicodeScript.ORIYA,
			UnicodeScript.TAMIL, UnicodeScript.TELUGU, UnicodeScript.KANNADA, UnicodeScript.MALAYALAM,
			UnicodeScript.SINHALA, UnicodeScript.THAI, UnicodeScript.LAO, UnicodeScript.TIBETAN, UnicodeScript.MYANMAR,
			UnicodeScript.KHMER, UnicodeScript.MONGOLIAN);

	public PrinterFont {
		scripts = (scripts != null) ? Set.copyOf(scripts) : Set.of();
		if (file == null && !scripts.isEmpty()) {
			throw new IllegalArgumentException("the resident font 0 has no scripts to configure");
		}
		if (file != null && !FILE.matcher(file).matches()) {
			throw new IllegalArgumentException("font file must look like E:NAME.TTF, got " + file);
		}
		if (file != null && scripts.isEmpty()) {
			throw new IllegalArgumentException("a stored font must name the scripts it covers");
		}
	}

	/**
	 * A Unicode TrueType font stored on the printer.
	 * @param file its name on the printer, e.g. {@code E:NOTOSANS.TTF}
	 * @param scripts the scripts it covers
	 * @return the font
	 */
	public static PrinterFont stored(String file, Set<UnicodeScript> scripts) {
		return new PrinterFont(Objects.requireNonNull(file, "file"), scripts);
	}

	/**
	 * Whether this is the resident font 0.
	 * @return true for font 0
	 */
	public boolean resident() {
		return this.file == null;
	}

	/**
	 * Whether a text field in this font prints a character as it should.
	 * @param codePoint the character
	 * @return false when it would come out as a box or in the wrong shape or order
	 */
	public boolean canDraw(int codePoint) {
		if (Character.getDirectionality(codePoint) == Character.DIRECTIONALITY_RIGHT_TO_LEFT
				|| Character.getDirectionality(codePoint) == Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC) {
			return false;
		}
		UnicodeScript script = UnicodeScript.of(codePoint);
		if (NEEDS_LAYOUT.contains(script)) {
			return false;
		}
		if (basicLatinOrPunctuation(codePoint)) {
			return true;
		}
		if (resident()) {
			// font 0 in Unicode mode covers Latin; we do not count on more of its
			// repertoire
			return script == UnicodeScript.LATIN && codePoint <= 0x024F;
		}
		return this.scripts.contains(script);
	}

	/**
	 * Whether every character of a text can go into a text field in this font.
	 * @param text printable text
	 * @return true when no character needs the driver's own rendering
	 */
	public boolean canDraw(String text) {
		return text.codePoints().allMatch(this::canDraw);
	}

	/**
	 * The font command of a text field at a height.
	 * @param height character height in dots
	 * @return {@code ^A0N,h,h} or {@code ^A@N,h,h,E:FILE.TTF}
	 */
	public String fieldFont(int height) {
		return resident() ? "^A0N," + height + "," + height : "^A@N," + height + "," + height + "," + this.file;
	}

	// ASCII, Latin-1 and the general punctuation every Zebra text font carries
	private static boolean basicLatinOrPunctuation(int codePoint) {
		return (codePoint >= 0x20 && codePoint <= 0x7E) || (codePoint >= 0xA0 && codePoint <= 0xFF)
				|| (codePoint >= 0x2010 && codePoint <= 0x2027) || codePoint == 0x20AC;
	}

}
