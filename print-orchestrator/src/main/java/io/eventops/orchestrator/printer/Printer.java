package io.eventops.orchestrator.printer;

import java.time.Instant;

import io.eventops.printer.client.ConfirmationMode;
import io.eventops.printer.zpl.PrinterFont;

/**
 * A registered printer and its health as last recorded.
 *
 * @param printerId the printer's id (also the hash tag of its Redis keys)
 * @param host host name or address of its raw port
 * @param port raw TCP port
 * @param pool the pool whose jobs it prints
 * @param state its health
 * @param consecutiveProbeFailures failed probes in a row
 * @param lastStatus the last probe's reading, null before the first probe
 * @param downSince when it went DOWN or DISABLED, null otherwise
 * @param probePrintOkAt when its last probe print was confirmed, null if never
 * @param confirmationMode how it proves a label out (its label counter, or the weaker
 * {@code ~HS} fallback), null until a probe found out
 * @param textFont the font it draws text fields with (its profile, set at registration
 * and changed by ops)
 */
public record Printer(String printerId, String host, int port, String pool, PrinterState state,
		int consecutiveProbeFailures, StatusSnapshot lastStatus, Instant downSince, Instant probePrintOkAt,
		ConfirmationMode confirmationMode, PrinterFont textFont) {

	/**
	 * Whether a probe print confirmed since the printer was taken out (invariant 9: a
	 * recovered printer returns only after a clean probe and a probe print).
	 * @return true when probe_print_ok_at is after down_since
	 */
	public boolean probePrintedSinceOut() {
		return this.probePrintOkAt != null && (this.downSince == null || this.probePrintOkAt.isAfter(this.downSince));
	}

	/**
	 * Whether the latest probe was clean.
	 * @return true when it answered and was ready, with no failure counted since
	 */
	public boolean lastProbeClean() {
		return this.consecutiveProbeFailures == 0 && this.lastStatus != null && this.lastStatus.ready();
	}

}
