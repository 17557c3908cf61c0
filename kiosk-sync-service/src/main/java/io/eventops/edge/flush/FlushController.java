package io.eventops.edge.flush;

import java.io.IOException;

import io.eventops.edge.kiosk.KioskPrincipal;
import io.eventops.edge.web.BodyReader;
import io.eventops.model.flush.FlushResponse;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /v1/kiosks/{kioskId}/flush}: reads the body itself, size-capped before it
 * is buffered whole and within the request's read deadline, because a malformed entry
 * must be checked per entry rather than fail data binding for the batch.
 */
@RestController
class FlushController {

	private final FlushService flushes;

	FlushController(FlushService flushes) {
		this.flushes = flushes;
	}

	@PostMapping(path = "/v1/kiosks/{kioskId}/flush", consumes = MediaType.APPLICATION_JSON_VALUE)
	FlushResponse flush(@AuthenticationPrincipal KioskPrincipal kiosk, HttpServletRequest request) throws IOException {
		// read inside the service, so that the body is garbage once it is checked
		return this.flushes.flush(kiosk, () -> BodyReader.read(request, BodyReader.MAX_BYTES));
	}

}
