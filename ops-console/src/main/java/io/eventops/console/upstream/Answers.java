package io.eventops.console.upstream;

import tools.jackson.databind.JsonNode;

import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;

/**
 * A service's successful answer as the console passes it on: its status and JSON body,
 * none of its transport headers.
 */
final class Answers {

	private Answers() {
	}

	static ResponseEntity<JsonNode> of(RestClient.RequestHeadersSpec<?> request) {
		ResponseEntity<JsonNode> answer = request.retrieve().toEntity(JsonNode.class);
		return ResponseEntity.status(answer.getStatusCode()).body(answer.getBody());
	}

}
