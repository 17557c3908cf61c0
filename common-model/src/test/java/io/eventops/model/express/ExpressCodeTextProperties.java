package io.eventops.model.express;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.assertj.core.api.Assertions.assertThat;

class ExpressCodeTextProperties {

	@Property
	void anyTypedSpellingOfACodeReadsAsTheCode(@ForAll("codes") String code, @ForAll("typings") List<Integer> typing) {
		assertThat(ExpressCodeText.canonicalOrNull(type(code, typing))).isEqualTo(code);
	}

	@Property
	void aCanonicalCodeReadsAsItself(@ForAll("codes") String code) {
		assertThat(ExpressCodeText.canonicalOrNull(code)).isEqualTo(code);
	}

	@Example
	void otherCharactersAndOtherLengthsAreNoCode() {
		assertThat(ExpressCodeText.canonicalOrNull("ABCDEFGHJU")).isNull();
		assertThat(ExpressCodeText.canonicalOrNull("ABCDEFGHJ")).isNull();
		assertThat(ExpressCodeText.canonicalOrNull("ABCDEFGHJKM")).isNull();
		assertThat(ExpressCodeText.canonicalOrNull("ABCD_EFGHJK")).isNull();
		assertThat(ExpressCodeText.canonicalOrNull("ABCDEFGHJ\u0131")).isNull();
		assertThat(ExpressCodeText.canonicalOrNull("ABCDE/../FG")).isNull();
		assertThat(ExpressCodeText.canonicalOrNull("")).isNull();
		assertThat(ExpressCodeText.canonicalOrNull(null)).isNull();
		assertThat(ExpressCodeText.canonicalOrNull("-".repeat(65))).isNull();
	}

	@Example
	void lettersPeopleConfuseWithDigitsReadAsTheDigits() {
		assertThat(ExpressCodeText.canonicalOrNull("ilo1-0ab cde")).isEqualTo("11010ABCDE");
	}

	@Provide
	Arbitrary<String> codes() {
		return Arbitraries.of(ExpressCodeText.ALPHABET.chars().mapToObj((c) -> (char) c).toList())
			.list()
			.ofSize(ExpressCodeText.LENGTH)
			.map((chars) -> chars.stream().map(String::valueOf).reduce("", String::concat));
	}

	// one choice per character: bit 0 lower case, bit 1 a confusable letter for 0/1,
	// bits 2-3 a separator after it (none, hyphen, space, both)
	@Provide
	Arbitrary<List<Integer>> typings() {
		return Arbitraries.integers().between(0, 15).list().ofSize(ExpressCodeText.LENGTH);
	}

	private static String type(String code, List<Integer> typing) {
		List<String> typed = new ArrayList<>();
		for (int i = 0; i < code.length(); i++) {
			int choice = typing.get(i);
			char c = code.charAt(i);
			if ((choice & 2) != 0 && c == '1') {
				c = ((choice & 1) != 0) ? 'L' : 'I';
			}
			else if ((choice & 2) != 0 && c == '0') {
				c = 'O';
			}
			String character = String.valueOf(c);
			typed.add(((choice & 1) != 0) ? character.toLowerCase(Locale.ROOT) : character);
			typed.add(switch (choice >> 2) {
				case 1 -> "-";
				case 2 -> " ";
				case 3 -> " - ";
				default -> "";
			});
		}
		return String.join("", typed);
	}

}
