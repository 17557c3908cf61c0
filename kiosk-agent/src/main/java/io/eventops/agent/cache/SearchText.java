package io.eventops.agent.cache;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Folds text for the kiosk's type-ahead: lower case, accents and other combining marks
 * removed, the few letters that do not decompose spelled out (ß, æ, ø, ł, đ), so that
 * "Muller" finds "Müller" and "BJORN" finds "Bjørn".
 */
public final class SearchText {

	private static final Pattern MARKS = Pattern.compile("\\p{M}+");

	private static final Pattern SPACES = Pattern.compile("\\s+");

	private SearchText() {
	}

	/**
	 * The folded form of a text.
	 * @param text the text, may be {@code null}
	 * @return the folded text, empty for {@code null}
	 */
	public static String fold(String text) {
		if (text == null) {
			return "";
		}
		String decomposed = MARKS.matcher(Normalizer.normalize(text, Normalizer.Form.NFKD)).replaceAll("");
		String lower = decomposed.toLowerCase(Locale.ROOT);
		StringBuilder folded = new StringBuilder(lower.length());
		for (int i = 0; i < lower.length(); i++) {
			char c = lower.charAt(i);
			switch (c) {
				case 'ß' -> folded.append("ss");
				case 'æ' -> folded.append("ae");
				case 'œ' -> folded.append("oe");
				case 'ø' -> folded.append('o');
				case 'ł' -> folded.append('l');
				case 'đ' -> folded.append('d');
				case 'ı' -> folded.append('i');
				default -> folded.append(c);
			}
		}
		return SPACES.matcher(folded).replaceAll(" ").strip();
	}

	/**
	 * The words of a query, folded; every one must occur in a match.
	 * @param query what was typed
	 * @return the folded words, none for a blank query
	 */
	public static List<String> words(String query) {
		List<String> words = new ArrayList<>();
		for (String word : fold(query).split(" ")) {
			if (!word.isEmpty()) {
				words.add(word);
			}
		}
		return words;
	}

}
