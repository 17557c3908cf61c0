package io.eventops.reconciler.rejection;

import java.util.List;

import io.eventops.model.flush.EntryResult;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Ops endpoints of the quarantine.
 */
@RestController
class RejectionController {

	private final Quarantine quarantine;

	RejectionController(Quarantine quarantine) {
		this.quarantine = quarantine;
	}

	@GetMapping("/admin/v1/rejections")
	List<RejectionView> rejections(@RequestParam(required = false) String kioskId,
			@RequestParam(required = false) String reason, @RequestParam(required = false) String attendeeId) {
		return this.quarantine.list(kioskId, reason, attendeeId);
	}

	@PostMapping("/admin/v1/rejections/{id}/redrive")
	EntryResult redrive(@PathVariable long id) {
		return this.quarantine.redrive(id);
	}

}
