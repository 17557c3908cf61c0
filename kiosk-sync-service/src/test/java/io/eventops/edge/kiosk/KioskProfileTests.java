package io.eventops.edge.kiosk;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The kiosk profiles (issue #37) on the real edge: for each profile and each kiosk
 * endpoint, a request inside the profile gets past it and one outside is a 403
 * {@code outside-profile} naming the profile; and what a flush may carry per profile.
 */
@EdgeTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KioskProfileTests {

	private static final String PROBLEM = "https://eventops.dev/problems/outside-profile";

	private static final Set<String> KIOSK_OR_DESK = Set.of("KIOSK", "DESK");

	private static final Set<String> EVERY = Set.of("KIOSK", "DESK", "EXIT");

	@LocalServerPort
	int port;

	@Autowired
	RequestMappingHandlerMapping mappings;

	private final Map<KioskProfile, EdgeClient.Kiosk> kiosks = new EnumMap<>(KioskProfile.class);

	/** Every kiosk endpoint, a request to it, and the profiles that may send it. */
	static Stream<Arguments> requests() {
		List<Call> calls = List.of(new Call("POST", "/flush", "{\"highestLocalSeq\":0,\"entries\":[]}", EVERY),
				new Call("GET", "/sync-state", null, EVERY), new Call("GET", "/snapshot", null, EVERY),
				new Call("GET", "/changes?after=0&waitSeconds=0", null, EVERY),
				new Call("GET", "/changes/stream", null, EVERY), new Call("POST", "/token-rotation", "", EVERY),
				new Call("POST", "/admission-check",
						"{\"attendeeId\":\"a-1\",\"capturedAt\":\"" + TestData.time(java.time.OffsetDateTime.now())
								+ "\"}",
						KIOSK_OR_DESK),
				new Call("POST", "/express-codes/0000000000/redeem", "{\"clientSubmissionId\":\"s-1\"}", KIOSK_OR_DESK),
				new Call("POST", "/allowance", "{}", KIOSK_OR_DESK), new Call("GET", "/occupancy", null, KIOSK_OR_DESK),
				new Call("GET", "/attendees/a-1/badge", null, KIOSK_OR_DESK));
		return Stream.of(KioskProfile.values())
			.flatMap((profile) -> calls.stream().map((call) -> Arguments.of(profile, call)));
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("requests")
	void aRequestOutsideTheProfileIsForbiddenAndOneInsideGetsPastIt(KioskProfile profile, Call call) {
		EdgeClient.Kiosk kiosk = kiosk(profile);
		EdgeClient edge = new EdgeClient(this.port);
		String path = "/v1/kiosks/" + kiosk.id() + call.path();
		EdgeClient.Response answer;
		if (call.path().equals("/changes/stream")) {
			try (EdgeClient.EventStream stream = edge.openStream(path, EdgeClient.bearer(kiosk.token()), 0)) {
				answer = new EdgeClient.Response(stream.status(),
						(stream.status() == 403) ? String.join("\n", stream.lines().toList()) : "",
						"application/problem+json", null);
			}
		}
		else if (call.method().equals("GET")) {
			answer = edge.get(path, EdgeClient.bearer(kiosk.token()));
		}
		else {
			answer = edge.post(path, EdgeClient.bearer(kiosk.token()), "application/json", call.body());
		}
		if (call.profiles().contains(profile.name())) {
			assertThat(answer.status()).as(answer.body()).isNotIn(401, 403);
		}
		else {
			assertThat(answer.status()).isEqualTo(403);
			JsonNode problem = answer.json();
			assertThat(problem.get("type").stringValue()).isEqualTo(PROBLEM);
			assertThat(problem.get("profile").stringValue()).isEqualTo(profile.name());
			assertThat(problem.get("detail").stringValue()).contains(profile.name());
		}
	}

	@Test
	void everyKioskEndpointIsInTheProfilesAndInThisTest() {
		List<String> endpoints = this.mappings.getHandlerMethods()
			.entrySet()
			.stream()
			.filter((mapping) -> mapping.getValue() instanceof HandlerMethod)
			.map(Map.Entry::getKey)
			.flatMap(KioskProfileTests::endpoints)
			.filter((endpoint) -> endpoint.contains(" /v1/kiosks/"))
			.toList();
		assertThat(endpoints).containsExactlyInAnyOrderElementsOf(KioskProfiles.ENDPOINTS.keySet());
		assertThat(requests()).hasSize(KioskProfile.values().length * KioskProfiles.ENDPOINTS.size());
	}

	@Test
	void anExitKioskFlushesExitsOnlyAndAnythingElseAppliesNothing() {
		EdgeClient.Kiosk exit = kiosk(KioskProfile.EXIT);
		EdgeClient edge = new EdgeClient(this.port);
		ObjectNode checkIn = TestData.entry(exit.id(), 1, "a-1").node();
		ObjectNode out = TestData.entry(exit.id(), 2, "a-1").node().put("type", "EXIT");
		EdgeClient.Response refused = edge.flush(exit.id(), exit.token(), TestData.flush(2, List.of(out, checkIn)));
		assertThat(refused.status()).isEqualTo(403);
		assertThat(refused.json().get("profile").stringValue()).isEqualTo("EXIT");
		assertThat(EdgeStack.jdbc()
			.queryForObject("SELECT highest_seen_seq FROM edge.kiosks WHERE kiosk_id = ?", Long.class, exit.id()))
			.isZero();
		EdgeClient.Response exits = edge.flush(exit.id(), exit.token(), TestData.flush(2, List.of(out)));
		assertThat(exits.status()).as(exits.body()).isEqualTo(200);
		assertThat(exits.json().get("results").get(0).get("outcome").stringValue()).isNotEqualTo("IN_FLIGHT");
	}

	@Test
	void aSelfServiceKioskAnnulsItsOwnAdmissionsOnlyAndADeskAnyOfItsEvent() {
		EdgeClient edge = new EdgeClient(this.port);
		EdgeClient.Kiosk self = kiosk(KioskProfile.KIOSK);
		EdgeClient.Kiosk desk = kiosk(KioskProfile.DESK);
		String otherKiosk = TestData.kiosk();
		// "that was not me" (#36) keeps working for a self-service kiosk
		assertThat(annul(edge, self, self.id() + ":1")).isNotEqualTo("INVALID_ENTRY");
		assertThat(annul(edge, self, otherKiosk + ":1")).isEqualTo("INVALID_ENTRY");
		assertThat(annul(edge, desk, otherKiosk + ":1")).isNotEqualTo("INVALID_ENTRY");
	}

	// the reason of a rejected annulment, or its outcome
	private static String annul(EdgeClient edge, EdgeClient.Kiosk kiosk, String annuls) {
		long seq = 100 + (long) (Math.random() * 1_000_000);
		ObjectNode annul = TestData.entry(kiosk.id(), seq, "a-1").node().put("type", "ANNUL").put("annuls", annuls);
		EdgeClient.Response answer = edge.flush(kiosk.id(), kiosk.token(), TestData.flush(seq, List.of(annul)));
		assertThat(answer.status()).as(answer.body()).isEqualTo(200);
		JsonNode result = answer.json().get("results").get(0);
		return result.has("reason") ? result.get("reason").stringValue() : result.get("outcome").stringValue();
	}

	private EdgeClient.Kiosk kiosk(KioskProfile profile) {
		return this.kiosks.computeIfAbsent(profile, (p) -> {
			String kioskId = TestData.kiosk();
			String eventId = TestData.unique("ev");
			EdgeClient.Response provisioned = new EdgeClient(this.port).post("/admin/v1/kiosks",
					EdgeClient.basic("admin", EdgeStack.ADMIN_PASSWORD), "application/json",
					"{\"kioskId\":\"" + kioskId + "\",\"eventId\":\"" + eventId
							+ "\",\"printerPool\":\"hall-a\",\"profile\":\"" + p + "\"}");
			assertThat(provisioned.status()).as(provisioned.body()).isEqualTo(201);
			return new EdgeClient.Kiosk(kioskId, eventId, provisioned.json().get("token").stringValue());
		});
	}

	private static Stream<String> endpoints(RequestMappingInfo info) {
		return info.getPatternValues()
			.stream()
			.flatMap((pattern) -> info.getMethodsCondition()
				.getMethods()
				.stream()
				.map((method) -> method.name() + " " + pattern));
	}

	/**
	 * A request to a kiosk endpoint.
	 *
	 * @param method GET or POST
	 * @param path the path after the kiosk's
	 * @param body the JSON body of a POST
	 * @param profiles the profiles that may send it
	 */
	record Call(String method, String path, String body, Set<String> profiles) {

		@Override
		public String toString() {
			return this.method + " " + this.path;
		}

	}

}
