package io.eventops.console.quarantine;

import io.eventops.console.upstream.ReconcilerClient;
import tools.jackson.databind.JsonNode;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The quarantine screen's API, passed to the reconciler.
 */
@RestController
class QuarantineController {

	private final ReconcilerClient reconciler;

	QuarantineController(ReconcilerClient reconciler) {
		this.reconciler = reconciler;
	}

	@GetMapping("/api/rejections")
	ResponseEntity<JsonNode> rejections(@RequestParam(required = false) String kioskId,
			@RequestParam(required = false) String reason, @RequestParam(required = false) String attendeeId) {
		return this.reconciler.rejections(kioskId, reason, attendeeId);
	}

	@PostMapping("/api/rejections/{id}/redrive")
	ResponseEntity<JsonNode> redrive(@PathVariable long id) {
		return this.reconciler.redrive(id);
	}

}
