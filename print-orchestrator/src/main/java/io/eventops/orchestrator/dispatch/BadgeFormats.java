package io.eventops.orchestrator.dispatch;

import io.eventops.orchestrator.config.PrintProperties;
import io.eventops.orchestrator.ledger.PrintJob;
import io.eventops.printer.zpl.Badge;
import io.eventops.printer.zpl.FontCatalog;
import io.eventops.printer.zpl.LabelSize;
import io.eventops.printer.zpl.PrinterFont;
import io.eventops.printer.zpl.ZplBadgeRenderer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * Renders a ledger job as the contract's badge label for the printer it goes to: one ZPL
 * format with the trace comment, a QR code carrying the attendee credential, and the text
 * the printer's font cannot draw as graphic fields.
 */
@Component
class BadgeFormats {

	private static final Logger log = LoggerFactory.getLogger(BadgeFormats.class);

	private final LabelSize size;

	private final FontCatalog fonts;

	BadgeFormats(PrintProperties properties, MeterRegistry meters) {
		this.size = LabelSize.badge(properties.labelDpi());
		this.fonts = FontCatalog.load(properties.fontDirectories());
		// Degrade rather than stop: without the fonts a Latin badge still prints as
		// before,
		// and a name in another script loses only the letters no font draws (never a
		// box).
		if (!this.fonts.missingDirectories().isEmpty() || this.fonts.size() == 0) {
			log.error("eventops.print.font-directories: {} font faces loaded, missing directories {}; names in"
					+ " scripts those fonts cover will print without their letters (install fonts-noto-core and"
					+ " fonts-noto-cjk)", this.fonts.size(), this.fonts.missingDirectories());
		}
		else {
			log.info("{} font faces loaded for badge text from {}", this.fonts.size(), properties.fontDirectories());
		}
		Gauge.builder("eventops.print.fallback.fonts", this.fonts, FontCatalog::size)
			.description("font faces loaded to draw badge text a printer's font cannot (0: fonts missing)")
			.register(meters);
	}

	String render(PrintJob job, PrinterFont font) {
		return ZplBadgeRenderer.render(badge(job), this.size, font, this.fonts);
	}

	static Badge badge(PrintJob job) {
		return new Badge(job.jobId().toString(), job.attendeeId(), job.credentialVersion(), job.displayName(),
				job.company(), job.tier(), qrPayload(job));
	}

	/**
	 * The credential a badge's QR code carries.
	 * @param job the job
	 * @return {@code EVT1:{eventId}:{attendeeId}:{credentialVersion}}
	 */
	static String qrPayload(PrintJob job) {
		return "EVT1:" + job.eventId() + ":" + job.attendeeId() + ":" + job.credentialVersion();
	}

}
