package io.eventops.edge.passthrough;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.EdgeTest;
import io.eventops.edge.TestData;
import io.eventops.edge.forward.ReconcilerClient;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The edge's side of the online admission check (issue #35, docs/access-control.md): the
 * kiosk's token and rate, the question's checks (400/422 problems that ask the reconciler
 * nothing), and a reconciler that does not answer in the check's own budget, which is a
 * 503 with {@code Retry-After} that leaves the flush breaker every kiosk shares closed
 * (invariant 11).
 */
@EdgeTest
class AdmissionCheckFrontDoorTests {

	private static final JsonMapper json = JsonMapper.builder().build();

	@LocalServerPort
	int port;

	EdgeClient edge;

	EdgeClient.Kiosk kiosk;

	@BeforeEach
	void kiosk() {
		this.edge = new EdgeClient(this.port);
		this.kiosk = this.edge.newKiosk();
	}

	@Test
	void aBodyThatIsNoJsonObjectIsABadRequestNamingTheBody() {
		for (String body : List.of("{not json", "[]", "\"att_1\"", "null")) {
			EdgeClient.Response response = check(this.kiosk, body);

			assertProblem(response, 400, "body");
			assertThat(response.json().get("type").stringValue()).endsWith("malformed-admission-check");
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "{\"capturedAt\":\"2026-07-16T09:01:00+02:00\"}",
			"{\"attendeeId\":\"a b\",\"capturedAt\":\"2026-07-16T09:01:00+02:00\"}",
			"{\"attendeeId\":42,\"capturedAt\":\"2026-07-16T09:01:00+02:00\"}",
			"{\"attendeeId\":\"\",\"capturedAt\":\"2026-07-16T09:01:00+02:00\"}" })
	void aQuestionWithoutAValidAttendeeIsInvalidNamingIt(String body) {
		assertProblem(check(this.kiosk, body), 422, "attendeeId");
	}

	@ParameterizedTest
	@ValueSource(strings = { "{\"attendeeId\":\"att_1\"}",
			"{\"attendeeId\":\"att_1\",\"capturedAt\":\"2026-07-16T09:01:00\"}",
			"{\"attendeeId\":\"att_1\",\"capturedAt\":1784185260}",
			"{\"attendeeId\":\"att_1\",\"capturedAt\":\"0000-01-01T00:00:00Z\"}" })
	void aQuestionWithoutAValidCaptureTimeIsInvalidNamingIt(String body) {
		assertProblem(check(this.kiosk, body), 422, "capturedAt");
	}

	@Test
	void aBodyOverTheCapOrOfAnotherTypeIsRefused() {
		byte[] huge = new byte[ExpressCodeController.MAX_BODY_BYTES + 1];
		java.util.Arrays.fill(huge, (byte) ' ');

		EdgeClient.Response large = this.edge.post(path(this.kiosk), EdgeClient.bearer(this.kiosk.token()),
				"application/json", HttpRequest.BodyPublishers.ofByteArray(huge));
		EdgeClient.Response text = this.edge.post(path(this.kiosk), EdgeClient.bearer(this.kiosk.token()), "text/plain",
				question("att_1"));

		assertThat(large.status()).isEqualTo(413);
		assertThat(large.isProblem()).isTrue();
		assertThat(text.status()).isEqualTo(415);
		assertThat(text.isProblem()).isTrue();
	}

	@Test
	void onlyTheKiosksOwnTokenMayAsk() {
		EdgeClient.Kiosk other = this.edge.newKiosk();

		EdgeClient.Response none = this.edge.post(path(this.kiosk), null, "application/json", question("att_1"));
		EdgeClient.Response foreign = this.edge.post(path(this.kiosk), EdgeClient.bearer(other.token()),
				"application/json", question("att_1"));

		assertThat(none.status()).isEqualTo(401);
		assertThat(none.isProblem()).isTrue();
		assertThat(foreign.status()).isEqualTo(403);
		assertThat(foreign.isProblem()).isTrue();
	}

	@Test
	void aKioskOverItsRateIsToldWhenToRetry() {
		// invalid questions, so that the reconciler is not asked: the rate is spent first
		List<EdgeClient.Response> responses = new ArrayList<>();
		for (int round = 0; round < 30
				&& responses.stream().noneMatch((response) -> response.status() == 429); round++) {
			responses.addAll(this.edge.postConcurrently(path(this.kiosk), EdgeClient.bearer(this.kiosk.token()),
					"{\"attendeeId\":\"a b\"}", 8));
		}

		EdgeClient.Response limited = responses.stream()
			.filter((response) -> response.status() == 429)
			.findFirst()
			.orElseThrow(() -> new AssertionError("no admission check was limited"));
		assertThat(responses).allSatisfy((response) -> assertThat(response.status()).isIn(422, 429));
		assertThat(limited.retryAfter()).isNotBlank();
		assertThat(limited.isProblem()).isTrue();
	}

	@Test
	void aReconcilerSlowerThanTheBudgetIsA503WithRetryAfterThatLeavesTheFlushBreakerClosed() throws IOException {
		AtomicInteger asked = new AtomicInteger();
		HttpServer slow = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		slow.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
		slow.createContext("/internal/v1/events/", (exchange) -> {
			asked.incrementAndGet();
			exchange.getRequestBody().readAllBytes();
			try {
				Thread.sleep(2000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			byte[] body = "{\"decision\":\"ADMIT\",\"policyVersion\":0}".getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().add("Content-Type", "application/json");
			exchange.sendResponseHeaders(200, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		slow.start();
		try (ConfigurableApplicationContext replica = EdgeStack
			.startAnotherEdge(Map.of("eventops.edge.reconciler.base-url",
					"http://127.0.0.1:" + slow.getAddress().getPort(), "eventops.edge.admission-check.timeout", "250ms",
					"eventops.edge.admission-check.retry-after", "3s", "eventops.edge.rate-limit.enabled", false))) {
			EdgeClient edge = new EdgeClient(EdgeStack.portOf(replica));
			List<Long> millis = new ArrayList<>();
			List<EdgeClient.Response> answers = new ArrayList<>();
			for (int i = 0; i < 25; i++) {
				long started = System.nanoTime();
				answers.add(edge.post(path(this.kiosk), EdgeClient.bearer(this.kiosk.token()), "application/json",
						question("att_1")));
				millis.add(Duration.ofNanos(System.nanoTime() - started).toMillis());
			}

			assertThat(asked.get()).isEqualTo(25);
			assertThat(answers).allSatisfy((answer) -> {
				assertThat(answer.status()).isEqualTo(503);
				assertThat(answer.isProblem()).isTrue();
				assertThat(answer.retryAfter()).isEqualTo("3");
			});
			assertThat(millis).allSatisfy((taken) -> assertThat(taken).isLessThan(1500));
			assertThat(replica.getBean(ReconcilerClient.class).breakerState()).isEqualTo(CircuitBreaker.State.CLOSED);
		}
		finally {
			slow.stop(0);
		}
	}

	@Test
	void aReconcilerThatIsNotThereOrFailsIsA503() throws IOException {
		int closed;
		try (ServerSocket socket = new ServerSocket(0)) {
			closed = socket.getLocalPort();
		}
		HttpServer failing = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		failing.createContext("/internal/v1/events/", (exchange) -> {
			exchange.getRequestBody().readAllBytes();
			exchange.sendResponseHeaders(500, -1);
			exchange.close();
		});
		failing.start();
		try (ConfigurableApplicationContext gone = EdgeStack
			.startAnotherEdge(Map.of("eventops.edge.reconciler.base-url", "http://127.0.0.1:" + closed));
				ConfigurableApplicationContext broken = EdgeStack.startAnotherEdge(Map
					.of("eventops.edge.reconciler.base-url", "http://127.0.0.1:" + failing.getAddress().getPort()))) {
			for (ConfigurableApplicationContext replica : List.of(gone, broken)) {
				EdgeClient.Response answer = new EdgeClient(EdgeStack.portOf(replica)).post(path(this.kiosk),
						EdgeClient.bearer(this.kiosk.token()), "application/json", question("att_1"));

				assertThat(answer.status()).isEqualTo(503);
				assertThat(answer.isProblem()).isTrue();
				assertThat(answer.retryAfter()).isNotBlank();
			}
		}
		finally {
			failing.stop(0);
		}
	}

	private EdgeClient.Response check(EdgeClient.Kiosk kiosk, String body) {
		return this.edge.post(path(kiosk), EdgeClient.bearer(kiosk.token()), "application/json", body);
	}

	private static String path(EdgeClient.Kiosk kiosk) {
		return "/v1/kiosks/" + kiosk.id() + "/admission-check";
	}

	private static String question(String attendeeId) {
		ObjectNode question = json.createObjectNode()
			.put("attendeeId", attendeeId)
			.put("capturedAt", TestData.time(OffsetDateTime.now(ZoneOffset.ofHours(2))));
		return question.toString();
	}

	private static void assertProblem(EdgeClient.Response response, int status, String field) {
		assertThat(response.status()).as(response.body()).isEqualTo(status);
		assertThat(response.isProblem()).as(response.body()).isTrue();
		assertThat(response.json().get("errors")).singleElement()
			.satisfies((error) -> assertThat(error.get("field").stringValue()).isEqualTo(field));
	}

}
