package io.eventops.orchestrator.dispatch;

import io.eventops.orchestrator.config.PrintProperties;
import io.eventops.orchestrator.ledger.PrintJob;
import io.eventops.printer.zpl.Badge;
import io.eventops.printer.zpl.LabelSize;
import io.eventops.printer.zpl.ZplBadgeRenderer;

import org.springframework.stereotype.Component;

/**
 * Renders a ledger job as the contract's badge label: one ZPL format with the trace
 * comment and a QR code carrying the attendee credential.
 */
@Component
class BadgeFormats {

	private final LabelSize size;

	BadgeFormats(PrintProperties properties) {
		this.size = LabelSize.badge(properties.labelDpi());
	}

	String render(PrintJob job) {
		return ZplBadgeRenderer.render(badge(job), this.size);
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
