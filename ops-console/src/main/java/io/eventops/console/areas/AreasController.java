package io.eventops.console.areas;

import io.eventops.console.upstream.ReconcilerClient;
import tools.jackson.databind.JsonNode;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The areas screen's API, passed to the reconciler.
 */
@RestController
class AreasController {

	private final ReconcilerClient reconciler;

	AreasController(ReconcilerClient reconciler) {
		this.reconciler = reconciler;
	}

	@GetMapping("/api/events/{eventId}/policy")
	ResponseEntity<JsonNode> policy(@PathVariable String eventId) {
		return this.reconciler.policy(eventId);
	}

	@GetMapping("/api/events/{eventId}/areas")
	ResponseEntity<JsonNode> areas(@PathVariable String eventId) {
		return this.reconciler.areas(eventId);
	}

	@GetMapping("/api/events/{eventId}/areas/{areaId}/occupancy")
	ResponseEntity<JsonNode> occupancy(@PathVariable String eventId, @PathVariable String areaId) {
		return this.reconciler.occupancy(eventId, areaId);
	}

	@GetMapping("/api/events/{eventId}/rule-overrides")
	ResponseEntity<JsonNode> ruleOverrides(@PathVariable String eventId) {
		return this.reconciler.ruleOverrides(eventId);
	}

}
