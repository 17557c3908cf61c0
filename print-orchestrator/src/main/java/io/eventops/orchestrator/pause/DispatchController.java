package io.eventops.orchestrator.pause;

import java.time.Duration;

import io.eventops.orchestrator.pause.DispatchPause.PauseStatus;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Pausing and resuming badge dispatch.
 */
@RestController
@RequestMapping("/admin/v1/dispatch")
class DispatchController {

	private final DispatchPause pause;

	DispatchController(DispatchPause pause) {
		this.pause = pause;
	}

	@GetMapping
	PauseStatus status() {
		return this.pause.status();
	}

	@PostMapping("/pause")
	PauseStatus pause(@Valid @RequestBody PauseRequest request) {
		return this.pause.pause(Duration.ofSeconds(request.ttlSeconds()));
	}

	@PostMapping("/resume")
	PauseStatus resume() {
		return this.pause.resume();
	}

	/**
	 * A pause request.
	 *
	 * @param ttlSeconds how long at most, 1 s to 24 h
	 */
	record PauseRequest(@NotNull @Min(1) @Max(86400) Long ttlSeconds) {
	}

}
