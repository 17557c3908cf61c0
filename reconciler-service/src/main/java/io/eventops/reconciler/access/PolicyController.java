package io.eventops.reconciler.access;

import java.security.Principal;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.eventops.reconciler.web.DomainException;
import io.eventops.rules.policy.EventPolicy;
import io.eventops.web.ProblemResponses;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The ops API of an event's policy: saving a version (ADMIN), reading the current one and
 * the list of versions (OPS). A body that is JSON but not a policy is a 422 naming the
 * field, as an invalid policy is.
 */
@RestController
class PolicyController {

	private final PolicyStore store;

	private final JsonMapper json;

	PolicyController(PolicyStore store, JsonMapper json) {
		this.store = store;
		this.json = json;
	}

	@PutMapping(path = "/admin/v1/events/{eventId}/policy", consumes = "application/json")
	Map<String, Long> save(@PathVariable String eventId, @RequestBody JsonNode body, Principal principal) {
		return Map.of("version", this.store.save(eventId, read(body), principal.getName()));
	}

	@GetMapping("/admin/v1/events/{eventId}/policy")
	StoredPolicy current(@PathVariable String eventId) {
		return this.store.current(eventId).orElseThrow(() -> DomainException.notFound("Policy of event", eventId));
	}

	@GetMapping("/admin/v1/events/{eventId}/policy/versions")
	Versions versions(@PathVariable String eventId) {
		return new Versions(this.store.versions(eventId));
	}

	private EventPolicy read(JsonNode body) {
		if (!body.isObject()) {
			throw DomainException
				.validation(List.of(new ProblemResponses.FieldError("", "a policy object is required")));
		}
		try {
			return this.json.treeToValue(body, EventPolicy.class);
		}
		catch (JacksonException ex) {
			// Jackson's own message names classes of this service: the field and what it
			// takes are said instead
			throw DomainException.validation(List.of(new ProblemResponses.FieldError(path(ex), expected(ex))));
		}
	}

	private static String path(JacksonException ex) {
		StringBuilder path = new StringBuilder();
		for (JacksonException.Reference reference : ex.getPath()) {
			if (reference.getPropertyName() != null) {
				if (!path.isEmpty()) {
					path.append('.');
				}
				path.append(reference.getPropertyName());
			}
			else if (reference.getIndex() >= 0) {
				path.append('[').append(reference.getIndex()).append(']');
			}
		}
		return path.toString();
	}

	private static String expected(JacksonException ex) {
		Class<?> type = (ex instanceof MismatchedInputException mismatch) ? mismatch.getTargetType() : null;
		if (type == null) {
			return "cannot be read here";
		}
		if (type == LocalDate.class) {
			return "must be a date such as 2026-10-24";
		}
		if (type == LocalTime.class) {
			return "must be a local time such as 09:00";
		}
		if (type.isEnum()) {
			return "must be one of "
					+ Arrays.stream(type.getEnumConstants()).map(Object::toString).collect(Collectors.joining(", "));
		}
		if (type == List.class) {
			return "must be a list";
		}
		if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
			return "must be a number";
		}
		if (type == String.class) {
			return "must be a string";
		}
		if (type == Boolean.class) {
			return "must be true or false";
		}
		return "must be an object";
	}

	/**
	 * The versions of an event's policy.
	 *
	 * @param versions newest first
	 */
	record Versions(List<StoredPolicy.Summary> versions) {
	}

}
