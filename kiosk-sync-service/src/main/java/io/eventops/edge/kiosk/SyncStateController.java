package io.eventops.edge.kiosk;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * Tells a kiosk where the server stands with its sequence.
 */
@RestController
class SyncStateController {

	private final KioskTracking tracking;

	SyncStateController(KioskTracking tracking) {
		this.tracking = tracking;
	}

	@GetMapping("/v1/kiosks/{kioskId}/sync-state")
	SyncState syncState(@PathVariable String kioskId) {
		return this.tracking.syncState(kioskId);
	}

}
