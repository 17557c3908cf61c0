package io.eventops.edge;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import io.eventops.edge.client.ApiClient;
import io.eventops.edge.client.ApiException;
import io.eventops.edge.client.api.KioskApi;
import io.eventops.edge.client.model.EntryResult;
import io.eventops.edge.client.model.FlushEntry;
import io.eventops.edge.client.model.FlushRequest;
import io.eventops.edge.client.model.FlushResponse;
import io.eventops.edge.client.model.RedeemRequest;
import io.eventops.edge.client.model.Redemption;
import io.eventops.edge.client.model.SyncState;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A third-party kiosk in miniature: a client generated from the committed
 * {@code docs/openapi/kiosk-sync-service.json} (openapi-generator, Java native) flushes,
 * reads its sync state and redeems an express code against the real edge and reconciler,
 * which proves the document is complete enough to build a kiosk from.
 */
@EdgeTest
class GeneratedClientTests {

	@LocalServerPort
	int port;

	String event;

	String kiosk;

	KioskApi api;

	List<String> attendees;

	@BeforeEach
	void kiosk() {
		EdgeClient edge = new EdgeClient(this.port);
		JdbcTemplate jdbc = EdgeStack.jdbc();
		this.event = TestData.unique("ev");
		this.kiosk = TestData.kiosk();
		this.attendees = TestData.attendees(jdbc, this.event, 3);
		String token = edge.provision(this.kiosk, this.event);
		ApiClient client = new ApiClient();
		client.setHttpClientBuilder(HttpClient.newBuilder().sslContext(EdgeClient.trusting()));
		client.updateBaseUri("https://localhost:" + this.port);
		client.setRequestInterceptor((request) -> request.header("Authorization", EdgeClient.bearer(token)));
		this.api = new KioskApi(client);
	}

	@Test
	void flushesAndReadsTheSyncState() throws ApiException {
		OffsetDateTime captured = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
		FlushRequest flush = new FlushRequest().highestLocalSeq(2L)
			.entries(List.of(entry(1, this.attendees.get(0), captured),
					entry(2, "att_unknown_" + UUID.randomUUID().toString().substring(0, 8), captured.plusSeconds(1))));

		FlushResponse response = this.api.flush(this.kiosk, flush);
		SyncState state = this.api.syncState(this.kiosk);

		assertThat(response.getKioskId()).isEqualTo(this.kiosk);
		assertThat(response.getAckedThroughSeq()).isEqualTo(2L);
		assertThat(response.getResults()).extracting(EntryResult::getOutcome)
			.containsExactly(EntryResult.OutcomeEnum.APPLIED, EntryResult.OutcomeEnum.REJECTED);
		assertThat(response.getResults().get(1).getReason()).isEqualTo(EntryResult.ReasonEnum.UNKNOWN_ATTENDEE);
		assertThat(state.getContiguousThroughSeq()).isEqualTo(2L);
		assertThat(state.getHighestLocalSeqReported()).isEqualTo(2L);
	}

	@Test
	void redeemsAnExpressCodeAndRetriesAsADuplicate() throws Exception {
		String code = expressCode(this.attendees.get(1));
		RedeemRequest attempt = new RedeemRequest().clientSubmissionId("submission-" + UUID.randomUUID());

		Redemption first = this.api.redeem(this.kiosk, code, attempt);
		Redemption retry = this.api.redeem(this.kiosk, code, attempt);
		ApiException unknown = catchThrowableOfType(ApiException.class,
				() -> this.api.redeem(this.kiosk, "ZZZZZZZZZZ", attempt));

		assertThat(first.getDuplicate()).isFalse();
		assertThat(first.getResult().getCheckedIn()).containsExactly(this.attendees.get(1));
		assertThat(retry.getDuplicate()).isTrue();
		assertThat(unknown.getCode()).isEqualTo(404);
		assertThat(unknown.getResponseBody()).contains("/problems/unknown-code");
	}

	private FlushEntry entry(long seq, String attendeeId, OffsetDateTime captured) {
		return new FlushEntry().seq(seq)
			.idempotencyKey(this.kiosk + ":" + seq)
			.type(FlushEntry.TypeEnum.CHECK_IN)
			.attendeeId(attendeeId)
			.capturedAt(captured)
			.queuedAt(captured.plusNanos(120_000_000));
	}

	// express codes are created by an admin on the reconciler, which the document of the
	// kiosk API does not cover
	private String expressCode(String attendeeId) throws Exception {
		String reconciler = (String) EdgeStack.edgeProperties().get("eventops.edge.reconciler.base-url");
		HttpResponse<String> created = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(reconciler + "/admin/v1/events/" + this.event + "/express-codes"))
				.header("Authorization", EdgeClient.basic("admin", EdgeStack.ADMIN_PASSWORD))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString("{\"attendeeIds\":[\"" + attendeeId + "\"]}"))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		return JsonMapper.builder().build().readTree(created.body()).get("code").stringValue();
	}

}
