package io.eventops.agent.cache;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SearchTextTests {

	@Test
	void foldsCaseAndAccentsAndTheLettersThatDoNotDecompose() {
		assertThat(SearchText.fold("Zoë MÜLLER-Lüdenscheidt")).isEqualTo("zoe muller-ludenscheidt");
		assertThat(SearchText.fold("Straße & Söhne")).isEqualTo("strasse & sohne");
		assertThat(SearchText.fold("Björn Østergård")).isEqualTo("bjorn ostergard");
		assertThat(SearchText.fold("Łukasz Æsir Œuvre")).isEqualTo("lukasz aesir oeuvre");
		assertThat(SearchText.fold("  François \t Lefèvre ")).isEqualTo("francois lefevre");
		assertThat(SearchText.fold(null)).isEmpty();
	}

	@Test
	void aQueryIsItsFoldedWords() {
		assertThat(SearchText.words("  Müller  ZOË ")).containsExactly("muller", "zoe");
		assertThat(SearchText.words("   ")).isEmpty();
	}

}
