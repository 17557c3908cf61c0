package io.eventops.console.printers;

import io.eventops.console.upstream.PrintClient;
import io.eventops.console.upstream.PrintClient.Failover;
import io.eventops.console.upstream.PrintClient.Pause;
import tools.jackson.databind.JsonNode;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The printers screen's API, passed to the print orchestrator.
 */
@RestController
class PrintersController {

	private final PrintClient print;

	PrintersController(PrintClient print) {
		this.print = print;
	}

	@GetMapping("/api/printers")
	ResponseEntity<JsonNode> printers() {
		return this.print.printers();
	}

	@GetMapping("/api/print-jobs")
	ResponseEntity<JsonNode> printJobs(@RequestParam(required = false) String state,
			@RequestParam(required = false) Boolean possibleDuplicate) {
		return this.print.printJobs(null, state, possibleDuplicate);
	}

	@PostMapping("/api/printers/{printerId}/failover")
	ResponseEntity<JsonNode> failover(@PathVariable String printerId,
			@RequestBody(required = false) Failover failover) {
		return this.print.failover(printerId, (failover != null) ? failover : new Failover(null));
	}

	@PostMapping("/api/printers/{printerId}/enable")
	ResponseEntity<JsonNode> enable(@PathVariable String printerId) {
		return this.print.enable(printerId);
	}

	@PostMapping("/api/printers/{printerId}/disable")
	ResponseEntity<JsonNode> disable(@PathVariable String printerId) {
		return this.print.disable(printerId);
	}

	@PostMapping("/api/printers/{printerId}/probe-print")
	ResponseEntity<JsonNode> probePrint(@PathVariable String printerId) {
		return this.print.probePrint(printerId);
	}

	@GetMapping("/api/dispatch")
	ResponseEntity<JsonNode> dispatch() {
		return this.print.dispatch();
	}

	@PostMapping("/api/dispatch/pause")
	ResponseEntity<JsonNode> pause(@RequestBody Pause pause) {
		return this.print.pause(pause);
	}

	@PostMapping("/api/dispatch/resume")
	ResponseEntity<JsonNode> resume() {
		return this.print.resume();
	}

}
