package io.eventops.orchestrator.agent;

import java.lang.Character.UnicodeScript;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;

import io.eventops.orchestrator.failover.FailoverProcedure;
import io.eventops.orchestrator.failover.FailoverResult;
import io.eventops.orchestrator.printer.ConfirmationModeProbe;
import io.eventops.orchestrator.printer.OperationRefusedException;
import io.eventops.orchestrator.printer.PrintProblem;
import io.eventops.orchestrator.printer.Printer;
import io.eventops.orchestrator.printer.PrinterNetwork;
import io.eventops.orchestrator.printer.PrinterRegistry;
import io.eventops.orchestrator.printer.StatusSnapshot;
import io.eventops.orchestrator.queue.PrintQueues;
import io.eventops.orchestrator.recovery.PrinterRecovery;
import io.eventops.printer.zpl.PrinterFont;
import jakarta.validation.Valid;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The printer admin API: register and list printers, fail over, probe print, enable and
 * disable.
 */
@RestController
@RequestMapping("/admin/v1/printers")
class PrinterController {

	private final PrinterRegistry registry;

	private final PrintQueues queues;

	private final FailoverProcedure failover;

	private final PrinterRecovery recovery;

	private final ConfirmationModeProbe modes;

	private final PrinterNetwork network;

	PrinterController(PrinterRegistry registry, PrintQueues queues, FailoverProcedure failover,
			PrinterRecovery recovery, ConfirmationModeProbe modes, PrinterNetwork network) {
		this.network = network;
		this.registry = registry;
		this.queues = queues;
		this.failover = failover;
		this.recovery = recovery;
		this.modes = modes;
	}

	@PostMapping
	ResponseEntity<PrinterView> register(@Valid @RequestBody RegisterPrinter request) {
		// checked before anything connects to it; one answer for a name that does not
		// resolve and an address outside, so the refusal tells nothing about the network
		if (!this.network.allows(request.host(), request.port())) {
			throw OperationRefusedException.invalid(PrintProblem.PRINTER_ADDRESS_NOT_ALLOWED,
					"Printers may be registered only on the networks and ports configured in"
							+ " eventops.print.printer-network.");
		}
		PrinterFont font = (request.textFont() != null) ? request.textFont().toFont() : PrinterFont.RESIDENT_0;
		Printer printer = this.registry.register(request.printerId(), request.host(), request.port(), request.pool(),
				font);
		// found out now when the printer answers, else by its first clean probe
		if (this.modes.refresh(printer).isPresent()) {
			printer = this.registry.require(printer.printerId());
		}
		return ResponseEntity.created(URI.create("/admin/v1/printers/" + printer.printerId())).body(view(printer));
	}

	@GetMapping
	List<PrinterView> list() {
		return this.registry.all().stream().map(this::view).toList();
	}

	/**
	 * Ops override of the font a printer draws text fields with; the next badge it gets
	 * is rendered for it.
	 */
	@PutMapping("/{printerId}/text-font")
	PrinterView changeTextFont(@PathVariable String printerId, @Valid @RequestBody TextFont request) {
		return view(this.registry.changeTextFont(printerId, request.toFont()));
	}

	@PostMapping("/{printerId}/failover")
	FailoverView failover(@PathVariable String printerId, @RequestBody(required = false) FailoverRequest request) {
		String backup = (request != null) ? request.backupPrinterId() : null;
		return FailoverView.of(this.failover.run(printerId, backup, Instant.now()));
	}

	@PostMapping("/{printerId}/probe-print")
	ProbePrintView probePrint(@PathVariable String printerId) {
		return new ProbePrintView(printerId, "PRINTED", this.recovery.probePrint(printerId));
	}

	@PostMapping("/{printerId}/enable")
	PrinterView enable(@PathVariable String printerId) {
		return view(this.recovery.enable(printerId));
	}

	@PostMapping("/{printerId}/disable")
	FailoverView disable(@PathVariable String printerId) {
		return FailoverView.of(this.recovery.disable(printerId));
	}

	private PrinterView view(Printer printer) {
		UUID inflight = this.queues.inflight(printer.printerId());
		return new PrinterView(printer.printerId(), printer.host(), printer.port(), printer.pool(),
				printer.state().name(), printer.consecutiveProbeFailures(), this.queues.queued(printer.printerId()),
				(inflight != null) ? inflight.toString() : null, StatusView.of(printer.lastStatus()),
				(printer.confirmationMode() != null) ? printer.confirmationMode().name() : null,
				TextFont.of(printer.textFont()));
	}

	/**
	 * A printer to register.
	 *
	 * @param printerId its id, also used in Redis key hash tags
	 * @param host its host
	 * @param port its raw port
	 * @param pool its pool
	 * @param textFont the font it draws text fields with, optional: the resident font 0
	 */
	record RegisterPrinter(@NotBlank @Pattern(regexp = "[A-Za-z0-9][A-Za-z0-9_.-]{0,63}") String printerId,
			@NotBlank @Size(max = 253) String host, @NotNull @Min(1) @Max(65535) Integer port,
			@NotBlank @Pattern(regexp = "[A-Za-z0-9][A-Za-z0-9_.-]{0,63}") String pool, @Valid TextFont textFont) {
	}

	/**
	 * The font a printer draws text fields with: no file for the resident font 0, or a
	 * Unicode TrueType font stored on the printer and the Unicode scripts it covers. What
	 * the font cannot draw is sent as a graphic field.
	 *
	 * @param file the stored font, e.g. {@code E:NOTOSANS.TTF}; null for font 0
	 * @param scripts the scripts it covers, Java's {@code Character.UnicodeScript} names
	 * ({@code LATIN}, {@code GREEK}, {@code CYRILLIC}, {@code HAN}, ...); empty for font
	 * 0
	 */
	record TextFont(@Pattern(regexp = "[RrEeBbAa]:[A-Za-z0-9_-]{1,32}\\.(TTF|ttf|TTE|tte)") String file,
			@Size(max = 64) List<String> scripts) {

		static TextFont of(PrinterFont font) {
			return new TextFont(font.file(), font.scripts().stream().map(Enum::name).sorted().toList());
		}

		@AssertTrue(message = "must be Unicode script names (LATIN, HAN, ...), at least one with a file, none without")
		boolean isScriptsValid() {
			List<String> names = (this.scripts != null) ? this.scripts : List.of();
			if ((this.file == null) != names.isEmpty()) {
				return false;
			}
			try {
				names.forEach(UnicodeScript::valueOf);
				return true;
			}
			catch (IllegalArgumentException | NullPointerException ex) {
				return false;
			}
		}

		PrinterFont toFont() {
			if (this.file == null) {
				return PrinterFont.RESIDENT_0;
			}
			return PrinterFont.stored(this.file,
					this.scripts.stream().map(UnicodeScript::valueOf).collect(Collectors.toSet()));
		}

	}

	/**
	 * A failover request.
	 *
	 * @param backupPrinterId the printer to move everything to, optional
	 */
	record FailoverRequest(String backupPrinterId) {
	}

	/**
	 * A printer as ops see it.
	 *
	 * @param printerId id
	 * @param host host
	 * @param port port
	 * @param pool pool
	 * @param state UP, SUSPECT, DOWN or DISABLED
	 * @param consecutiveProbeFailures failed probes in a row
	 * @param queueDepth jobs queued (the in-flight job not counted)
	 * @param inFlightJobId the job in flight, null when none
	 * @param lastStatus the last probe's reading, null before the first
	 * @param confirmationMode LABEL_COUNTER (its label counter proves a label out) or
	 * HOST_STATUS (no counter: ~HS busy-then-idle, weaker), null until a probe found out
	 * @param textFont the font it draws text fields with
	 */
	record PrinterView(String printerId, String host, int port, String pool, String state, int consecutiveProbeFailures,
			long queueDepth, String inFlightJobId, StatusView lastStatus, String confirmationMode, TextFont textFont) {
	}

	/**
	 * The last probe's reading.
	 *
	 * @param paperOut media out
	 * @param paused paused
	 * @param headOpen head open
	 * @param ribbonOut ribbon out
	 * @param overTemperature over temperature
	 * @param formatsInBuffer formats buffered, -1 when unknown
	 * @param labelsRemaining labels remaining, -1 when unknown
	 * @param reachable whether the printer answered
	 */
	record StatusView(boolean paperOut, boolean paused, boolean headOpen, boolean ribbonOut, boolean overTemperature,
			int formatsInBuffer, int labelsRemaining, boolean reachable) {

		static StatusView of(StatusSnapshot status) {
			return (status != null) ? new StatusView(status.paperOut(), status.paused(), status.headOpen(),
					status.ribbonOut(), status.overTemperature(), status.formatsInBuffer(), status.labelsRemaining(),
					status.reachable()) : null;
		}

	}

	/**
	 * A failover's answer.
	 *
	 * @param moved jobs moved off the printer
	 * @param skipped jobs skipped (confirmed printed or held elsewhere)
	 * @param deadDepth what the printer still holds
	 */
	record FailoverView(List<UUID> moved, List<UUID> skipped, long deadDepth) {

		static FailoverView of(FailoverResult result) {
			return new FailoverView(result.moved(), result.skipped(), result.deadDepth());
		}

	}

	/**
	 * A confirmed probe print.
	 *
	 * @param printerId the printer
	 * @param outcome always PRINTED (a failure is a problem)
	 * @param probePrintOkAt when it was confirmed
	 */
	record ProbePrintView(String printerId, String outcome, Instant probePrintOkAt) {
	}

}
