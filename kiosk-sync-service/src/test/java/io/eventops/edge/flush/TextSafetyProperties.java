package io.eventops.edge.flush;

import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The one-pass text checks answer as the code point definitions do, on strings built from
 * the characters where they could differ: controls at both ends of both ranges, NUL, lone
 * and paired surrogates in every order, ordinary and supplementary characters.
 */
class TextSafetyProperties {

	private static final List<Character> EDGES = List.of('a', 'é', ' ', '~', '\u0000', '\u0001', '\u001f', '\u007f',
			'\u0085', '\u009f', '\u00a0', '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', '\ude00', '\ufffd',
			'\uffff');

	@Property(tries = 2000)
	void printableAsByCodePoints(@ForAll("texts") String text) {
		boolean expected = text.codePoints().noneMatch((cp) -> Character.isISOControl(cp) || isSurrogate(cp));
		assertThat(TextSafety.passes(text, true)).isEqualTo(expected);
	}

	@Property(tries = 2000)
	void storableAsByCodePoints(@ForAll("texts") String text) {
		boolean expected = text.codePoints().noneMatch((cp) -> cp == 0 || isSurrogate(cp));
		assertThat(TextSafety.passes(text, false)).isEqualTo(expected);
	}

	@Provide
	Arbitrary<String> texts() {
		return Arbitraries.of(EDGES).list().ofMaxSize(8).map((chars) -> {
			StringBuilder text = new StringBuilder();
			chars.forEach(text::append);
			return text.toString();
		});
	}

	// String.codePoints() yields a surrogate outside a pair as itself
	private static boolean isSurrogate(int cp) {
		return cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE;
	}

}
