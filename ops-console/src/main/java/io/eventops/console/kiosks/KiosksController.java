package io.eventops.console.kiosks;

import io.eventops.console.upstream.EdgeClient;
import io.eventops.console.upstream.EdgeClient.Enrolment;
import io.eventops.console.upstream.EdgeClient.Revocation;
import jakarta.validation.Valid;
import tools.jackson.databind.JsonNode;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The kiosks screen's API, passed to the edge: the list, enrolment, token rotation and
 * revocation (RETIRE or LOST), each with the user's own account, so the edge decides who
 * may (ADMIN for all but the list).
 */
@RestController
class KiosksController {

	private final EdgeClient edge;

	KiosksController(EdgeClient edge) {
		this.edge = edge;
	}

	@GetMapping("/api/kiosks")
	ResponseEntity<JsonNode> kiosks() {
		return this.edge.kiosks();
	}

	@PostMapping("/api/enrolments")
	ResponseEntity<JsonNode> enrol(@RequestBody Enrolment enrolment) {
		return this.edge.enrol(enrolment);
	}

	@PostMapping("/api/kiosks/{kioskId}/revoke")
	ResponseEntity<JsonNode> revoke(@PathVariable String kioskId, @Valid @RequestBody Revocation revocation) {
		return this.edge.revoke(kioskId, revocation);
	}

	@PostMapping("/api/kiosks/{kioskId}/rotate")
	ResponseEntity<JsonNode> rotate(@PathVariable String kioskId) {
		return this.edge.rotate(kioskId);
	}

}
