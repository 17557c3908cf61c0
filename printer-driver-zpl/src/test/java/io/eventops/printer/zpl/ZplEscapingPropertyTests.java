package io.eventops.printer.zpl;

import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.assertj.core.api.Assertions.assertThat;

class ZplEscapingPropertyTests {

	private static final List<String> SKELETON = new ZplFormat(
			ZplBadgeRenderer.render(TestBadges.sample(), LabelSize.BADGE_203_DPI))
		.commands();

	// what the renderer must emit for a layout: a text field per block font 0 draws
	// right,
	// a graphic field per other block, around the same fixed commands
	private static List<String> skeleton(BadgeLayout layout) {
		List<String> commands = new java.util.ArrayList<>(SKELETON.subList(0, 7));
		for (TextBlock block : layout.textBlocks()) {
			commands.addAll(block.printableIn(PrinterFont.RESIDENT_0) ? List.of("FO", "A0", "FB", "FH", "FD", "FS")
					: List.of("FO", "GF", "FS"));
		}
		commands.addAll(SKELETON.subList(SKELETON.size() - 7, SKELETON.size()));
		return commands;
	}

	@Property(tries = 400)
	void noUserTextCanAddEndOrChangeACommand(@ForAll("hostile") String name, @ForAll("hostile") String company,
			@ForAll("hostile") String tier, @ForAll("hostile") String payload) {
		Badge badge = badge(name, company, tier, payload);
		String zpl = ZplBadgeRenderer.render(badge, LabelSize.BADGE_203_DPI);
		ZplFormat format = new ZplFormat(zpl);

		assertThat(format.count("^XA")).isOne();
		assertThat(format.count("^XZ")).isOne();
		assertThat(zpl).doesNotContain("~");
		assertThat(format.commands()).isEqualTo(skeleton(BadgeLayout.of(badge, LabelSize.BADGE_203_DPI)));
	}

	@Property(tries = 400)
	void fieldDataDecodesBackToTheTextMinusControlCharacters(@ForAll("hostile") String name,
			@ForAll("hostile") String company, @ForAll("hostile") String tier, @ForAll("hostile") String payload) {
		Badge badge = badge(name, company, tier, payload);
		List<String> data = new ZplFormat(ZplBadgeRenderer.render(badge, LabelSize.BADGE_300_DPI)).fieldData();

		List<String> texts = List.of(name, company, tier);
		List<TextBlock> blocks = BadgeLayout.of(badge, LabelSize.BADGE_300_DPI).textBlocks();
		int field = 0;
		for (int i = 0; i < texts.size(); i++) {
			String expected = withoutControls(texts.get(i));
			if (!PrinterFont.RESIDENT_0.canDraw(expected)) {
				// drawn as a graphic field: none of its characters reaches a text field
				assertThat(blocks.get(i).printableIn(PrinterFont.RESIDENT_0)).isFalse();
				continue;
			}
			assertThat(ZplFormat.decodeFieldBlock(ZplFormat.decodeHex(data.get(field)))).isEqualTo(expected);
			assertThat(ZplFormat.decodeHex(ZplFormat.decodeFieldBlock(data.get(field)))).isEqualTo(expected);
			field++;
		}
		assertThat(data).hasSize(field + 1);
		assertThat(data.get(field)).startsWith("QA,");
		assertThat(ZplFormat.decodeHex(data.get(field).substring(3))).isEqualTo(withoutControls("P" + payload));
	}

	@Property(tries = 300)
	void traceCommentSurvivesAnyIds(@ForAll("hostile") String jobId, @ForAll("hostile") String attendeeId) {
		Badge badge = TestBadges.badge().jobId("j" + jobId).attendeeId("a" + attendeeId).build();
		String zpl = ZplBadgeRenderer.render(badge, LabelSize.BADGE_203_DPI);

		assertThat(new ZplFormat(zpl).commands()).isEqualTo(SKELETON);
		assertThat(LabelTrace.find(zpl)).hasValueSatisfying((trace) -> {
			assertThat(trace.jobId()).isEqualTo(utf8RoundTrip("j" + jobId));
			assertThat(trace.attendeeId()).isEqualTo(utf8RoundTrip("a" + attendeeId));
		});
	}

	@Provide
	Arbitrary<String> hostile() {
		Arbitrary<String> zplish = Arbitraries.strings()
			.withChars("^~_\\&()XZAFSHQ,:;= \r\n\t\u0000\u0003\u007F")
			.ofMaxLength(40);
		Arbitrary<String> unicode = Arbitraries.strings().all().ofMaxLength(30);
		Arbitrary<String> words = Arbitraries
			.of("Zoë", "O'Brien", "שלום", "مرحبا", "\u202B", "\u200F", "👋🏽", "👨‍👩‍👧", "_5E", "\\&", "^XZ", "~JA",
					"^FS", "ü", "\uD83D", "\uDE00")
			.list()
			.ofMaxSize(8)
			.map((parts) -> String.join(" ", parts));
		return Arbitraries.oneOf(zplish, unicode, words);
	}

	private static Badge badge(String name, String company, String tier, String payload) {
		return TestBadges.badge().displayName(name).company(company).tier(tier).qrPayload("P" + payload).build();
	}

	private static String withoutControls(String text) {
		StringBuilder out = new StringBuilder();
		text.codePoints()
			.filter((cp) -> !(cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE))
			.filter((cp) -> Character.getType(cp) != Character.CONTROL)
			.filter((cp) -> Character.getType(cp) != Character.LINE_SEPARATOR)
			.filter((cp) -> Character.getType(cp) != Character.PARAGRAPH_SEPARATOR)
			.forEach(out::appendCodePoint);
		return out.toString();
	}

	private static String utf8RoundTrip(String text) {
		return new String(text.getBytes(java.nio.charset.StandardCharsets.UTF_8),
				java.nio.charset.StandardCharsets.UTF_8);
	}

}
