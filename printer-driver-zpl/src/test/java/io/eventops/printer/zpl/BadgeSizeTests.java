package io.eventops.printer.zpl;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.eventops.printer.zpl.InternationalNames.Sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Keeps every badge of the international set under the documented format size and writes
 * the measurement of the README (bytes per badge, time to send over slow links, time to
 * render) to {@code target/badge-sizes.md}.
 */
class BadgeSizeTests {

	/** The documented limit of one badge format (printer-driver-zpl README). */
	static final int MAX_BADGE_BYTES = 32 * 1024;

	private static final List<Integer> LINKS_MBIT = List.of(100, 10, 1);

	@BeforeAll
	static void fontsAreInstalled() {
		assumeTrue(FontCatalog.debianNoto().size() > 0, "Debian Noto fonts not installed");
	}

	@Test
	void everyBadgeStaysUnderTheDocumentedSize() throws Exception {
		StringBuilder table = new StringBuilder(
				"| badge | dpi | bytes | 100 Mbit/s | 10 Mbit/s | 1 Mbit/s | render ms |\n|---|---|---|---|---|---|---|\n");
		int largest = 0;
		for (int dpi : List.of(203, 300)) {
			LabelSize size = LabelSize.badge(dpi);
			for (Sample sample : InternationalNames.ALL) {
				// the first render of a script loads its font; the one timed is warm
				ZplBadgeRenderer.render(sample.badge(), size);
				long start = System.nanoTime();
				String zpl = ZplBadgeRenderer.render(sample.badge(), size);
				double renderMillis = (System.nanoTime() - start) / 1e6;
				int bytes = zpl.getBytes(StandardCharsets.UTF_8).length;
				largest = Math.max(largest, bytes);
				table.append("| ").append(sample.label()).append(" | ").append(dpi).append(" | ").append(bytes);
				for (int mbit : LINKS_MBIT) {
					// payload bits over the line rate; TCP/IP framing adds about 3 %
					table.append(String.format(" | %.2f ms", bytes * 8.0 * 1.03 / (mbit * 1000.0)));
				}
				table.append(String.format(" | %.1f |%n", renderMillis));
				assertThat(bytes).as("%s at %d dpi", sample.label(), dpi).isLessThanOrEqualTo(MAX_BADGE_BYTES);
			}
		}
		table.append("\nlargest: ").append(largest).append(" bytes, limit ").append(MAX_BADGE_BYTES).append('\n');
		Files.createDirectories(Path.of("target"));
		Files.writeString(Path.of("target/badge-sizes.md"), table);
		System.out.print(table);
	}

	@Test
	void aLatinBadgeIsAsSmallAsBefore() {
		assertThat(ZplBadgeRenderer.render(TestBadges.sample(), LabelSize.BADGE_300_DPI).length()).isLessThan(600);
	}

}
