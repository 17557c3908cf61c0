package io.eventops.printer.zpl;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ZplBadgeRendererTests {

	// hostile, but all in what font 0 draws: the golden format pins its escaping byte for
	// byte
	static Badge trickyBadge() {
		return TestBadges.badge()
			.jobId("job 7/^XZ")
			.attendeeId("att;x=~1")
			.credentialVersion(3)
			.displayName("Zoë \"^XZ\" O'Brien~_\\& Ñandú\u0007\r\nthe Third of Her Name, Long Name Indeed")
			.company("Wälder_&_Söhne\\Co ^FS")
			.tier("VIP~")
			.qrPayload("EOPS1:att_x:3:_^~\\")
			.build();
	}

	@Test
	void rendersSampleBadgeExactlyAsTheGoldenFormat() throws IOException {
		String zpl = ZplBadgeRenderer.render(TestBadges.sample(), LabelSize.BADGE_203_DPI);

		assertThat(zpl).isEqualTo(golden("sample-badge-203dpi.zpl"));
	}

	@Test
	void rendersHostileBadgeExactlyAsTheGoldenFormat() throws IOException {
		String zpl = ZplBadgeRenderer.render(trickyBadge(), LabelSize.BADGE_300_DPI);

		assertThat(zpl).isEqualTo(golden("hostile-badge-300dpi.zpl"));
	}

	@Test
	void sendsAHostileNameInAnotherScriptAsAGraphicAndTheRestAsText() {
		Badge badge = TestBadges.badge()
			.displayName("Zoë \"^XZ\" O'Brien~_\\& \u202Bשלום\u202C 👋\u0007\r\nthe Third")
			.company("Wälder_&_Söhne\\Co ^FS")
			.build();
		ZplFormat format = new ZplFormat(ZplBadgeRenderer.render(badge, LabelSize.BADGE_300_DPI));

		assertThat(format.commands()).containsSubsequence("LH", "FO", "GF", "FS", "FO", "A0", "FB", "FH", "FD", "FS");
		assertThat(format.graphics()).hasSize(1);
		assertThat(format.fieldData()).containsExactly("Wälder_5F&_5FSöhne\\\\Co _5EFS", "SPEAKER",
				"QA,EOPS1:att_5F9f3ac210:2:Q0hFQ0tTVU0");
	}

	@Test
	void startsWithTheTraceCommentRightAfterXa() {
		String zpl = ZplBadgeRenderer.render(TestBadges.sample(), LabelSize.BADGE_203_DPI);

		assertThat(zpl).startsWith(
				"^XA\n^FXjob=0b6f2c1e-8d1a-4e55-9a4b-2f1c3d4e5f60;attendee=att_9f3ac210;credential=2^FS\n^CI28\n");
		assertThat(zpl).endsWith("^XZ\n");
	}

	@Test
	void takesPrintWidthAndLabelLengthFromTheLabelSize() {
		assertThat(ZplBadgeRenderer.render(TestBadges.sample(), LabelSize.BADGE_203_DPI)).contains("^PW812\n^LL609\n");
		assertThat(ZplBadgeRenderer.render(TestBadges.sample(), LabelSize.BADGE_300_DPI)).contains("^PW1200\n^LL900\n");
		assertThat(ZplBadgeRenderer.render(TestBadges.sample(), new LabelSize(4, 6, 203)))
			.contains("^PW812\n^LL1218\n");
	}

	@Test
	void encodesTheCredentialInAModelTwoQrCode() {
		String zpl = ZplBadgeRenderer.render(TestBadges.badge().qrPayload("EOPS1:att-1:4:c2ln").build(),
				LabelSize.BADGE_203_DPI);

		assertThat(zpl).containsPattern("\\^BQN,2,\\d{1,2}\\^FH\\^FDQA,EOPS1:att-1:4:c2ln\\^FS");
	}

	@Test
	void printsNameCompanyAndTierInFieldBlocks() {
		List<String> data = new ZplFormat(ZplBadgeRenderer.render(TestBadges.sample(), LabelSize.BADGE_203_DPI))
			.fieldData();

		assertThat(data).containsExactly("Ada Lovelace", "Analytical Engines Ltd", "SPEAKER",
				"QA,EOPS1:att_5F9f3ac210:2:Q0hFQ0tTVU0");
	}

	@Test
	void shrinksLongNamesUntilTheyFitInTwoLines() {
		BadgeLayout shortName = BadgeLayout.of(TestBadges.badge().displayName("Ada").build(), LabelSize.BADGE_203_DPI);
		BadgeLayout longName = BadgeLayout.of(
				TestBadges.badge().displayName("Maximiliane Alexandra von Hohenzollern-Sigmaringen").build(),
				LabelSize.BADGE_203_DPI);

		assertThat(longName.displayName().fontHeight()).isLessThan(shortName.displayName().fontHeight());
		assertThat(TextFitter.lineCount(longName.displayName().text(), longName.displayName().width(),
				longName.displayName().fontHeight()))
			.isLessThanOrEqualTo(2);
		assertThat(longName.displayName().maxLines()).isEqualTo(2);
	}

	@Test
	void givesPathologicallyLongNamesMoreLinesInsteadOfCuttingThem() {
		String name = "W".repeat(128);
		BadgeLayout layout = BadgeLayout.of(TestBadges.badge().displayName(name).build(), LabelSize.BADGE_203_DPI);

		assertThat(layout.displayName().maxLines()).isGreaterThan(2);
		assertThat(layout.displayName().text()).isEqualTo(name);
	}

	@Test
	void keepsTheQrCodeInsideTheLabel() {
		for (LabelSize size : List.of(LabelSize.BADGE_203_DPI, LabelSize.BADGE_300_DPI)) {
			QrBlock qr = BadgeLayout.of(TestBadges.sample(), size).qr();

			assertThat(qr.x()).isPositive();
			assertThat(qr.y()).isPositive();
			assertThat(qr.x() + qr.side()).isLessThanOrEqualTo(size.widthDots());
			assertThat(qr.y() + qr.side()).isLessThanOrEqualTo(size.heightDots());
		}
	}

	private static String golden(String name) throws IOException {
		try (InputStream in = ZplBadgeRendererTests.class.getResourceAsStream("/golden/" + name)) {
			assertThat(in).as("golden file %s", name).isNotNull();
			return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
		}
	}

}
