package io.eventops.printer.zpl;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LabelTraceTests {

	@Test
	void writesIdsOfTheRestrictedCharsetAsTheyAre() {
		LabelTrace trace = new LabelTrace("0b6f2c1e-8d1a", "att_9f3ac210:x.y", 7);

		assertThat(trace.toZpl()).isEqualTo("^FXjob=0b6f2c1e-8d1a;attendee=att_9f3ac210:x.y;credential=7^FS");
	}

	@Test
	void percentEncodesEverythingElseSoTheCommentCannotBeBroken() {
		String zpl = new LabelTrace("a^XZ~JA;b=c%", "é 👋", 1).toZpl();

		assertThat(zpl).isEqualTo("^FXjob=a%5EXZ%7EJA%3Bb%3Dc%25;attendee=%C3%A9%20%F0%9F%91%8B;credential=1^FS");
		assertThat(zpl.substring(1, zpl.length() - 3)).doesNotContain("^", "~");
	}

	@Test
	void readsTheTraceBackFromAFormat() {
		LabelTrace trace = new LabelTrace("a^XZ~JA;b=c%", "é 👋", 12);
		String zpl = ZplBadgeRenderer.render(
				TestBadges.badge().jobId(trace.jobId()).attendeeId(trace.attendeeId()).credentialVersion(12).build(),
				LabelSize.BADGE_203_DPI);

		assertThat(LabelTrace.find(zpl)).contains(trace);
	}

	@Test
	void findsNothingInAFormatWithoutTrace() {
		assertThat(LabelTrace.find("^XA^FO10,10^A0N,30,30^FDhello^FS^XZ")).isEmpty();
		assertThat(LabelTrace.find("^XA^FXjob=x;attendee=%G1;credential=1^FS^XZ")).isEmpty();
	}

}
