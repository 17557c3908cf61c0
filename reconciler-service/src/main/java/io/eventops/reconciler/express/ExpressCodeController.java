package io.eventops.reconciler.express;

import jakarta.validation.Valid;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * Express-code endpoints: issuing and replacing (ADMIN), and the internal redemption the
 * edge forwards kiosks' requests to.
 */
@RestController
class ExpressCodeController {

	private final ExpressCodes codes;

	ExpressCodeController(ExpressCodes codes) {
		this.codes = codes;
	}

	@PostMapping("/admin/v1/events/{eventId}/express-codes")
	@ResponseStatus(HttpStatus.CREATED)
	ExpressCode create(@PathVariable String eventId, @Valid @RequestBody CodeRequest request) {
		return this.codes.create(eventId, request);
	}

	@PostMapping("/admin/v1/express-codes/{code}/replace")
	@ResponseStatus(HttpStatus.CREATED)
	ExpressCode replace(@PathVariable String code) {
		return this.codes.replace(code);
	}

	@PostMapping("/internal/v1/express-codes/{code}/redeem")
	Redemption redeem(@PathVariable String code, @RequestBody RedeemRequest request) {
		return this.codes.redeem(code, request);
	}

}
