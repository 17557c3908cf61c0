package io.eventops.edge.kiosk;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Issues and redeems enrolment codes over the real edge, for the enrolment and profile
 * tests.
 */
final class Enrol {

	private static final JsonMapper json = JsonMapper.builder().build();

	private Enrol() {
	}

	static ObjectNode request(String eventId) {
		ObjectNode request = json.createObjectNode();
		request.put("eventId", eventId);
		request.put("printerPool", "hall-a");
		request.put("expiresInMinutes", 30);
		return request;
	}

	static EdgeClient.Response issue(EdgeClient edge, ObjectNode request) {
		return edge.post("/admin/v1/enrolments", EdgeClient.basic("admin", EdgeStack.ADMIN_PASSWORD),
				"application/json", request.toString());
	}

	/**
	 * Issues a code that must be issued.
	 * @param edge the edge
	 * @param request the enrolment
	 * @return the code as shown
	 */
	static String code(EdgeClient edge, ObjectNode request) {
		EdgeClient.Response issued = issue(edge, request);
		if (issued.status() != 201) {
			throw new IllegalStateException("Issuing failed: " + issued.status() + " " + issued.body());
		}
		return issued.json().get("code").stringValue();
	}

	static String body(String code, String label) {
		ObjectNode body = json.createObjectNode();
		body.put("code", code);
		if (label != null) {
			body.put("label", label);
		}
		return body.toString();
	}

	static EdgeClient.Response redeem(EdgeClient edge, String code) {
		return edge.post("/v1/enrol", null, "application/json", body(code, null));
	}

}
