package io.eventops.agent.http;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import io.eventops.model.flush.BadgeOverrides;
import io.eventops.model.flush.EntryType;
import io.eventops.model.flush.Flag;
import io.eventops.model.flush.FlushEntry;
import io.eventops.model.flush.FlushResponse;
import io.eventops.model.flush.Outcome;
import io.eventops.model.flush.RejectionReason;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract's JSON, byte for byte where it matters.
 */
class WireFormatTests {

	@Test
	void entryAndBodyAreTheContractsJson() {
		FlushEntry entry = new FlushEntry(801, "kiosk-07:801", EntryType.CHECK_IN, "att_9f3ac210",
				OffsetDateTime.parse("2026-07-16T09:01:00+02:00"),
				OffsetDateTime.parse("2026-07-16T09:01:00.120+02:00"), false, new BadgeOverrides("Ada \"L.\"", "ACME"));
		String body = new String(WireFormat.flushBody(812, List.of(WireFormat.entry(entry))), StandardCharsets.UTF_8);
		assertThat(body)
			.isEqualTo("{\"highestLocalSeq\":812,\"entries\":[{\"seq\":801,\"idempotencyKey\":\"kiosk-07:801\","
					+ "\"type\":\"CHECK_IN\",\"attendeeId\":\"att_9f3ac210\",\"capturedAt\":\"2026-07-16T09:01:00.000+02:00\","
					+ "\"queuedAt\":\"2026-07-16T09:01:00.120+02:00\",\"badgePrintedLocally\":false,"
					+ "\"badge\":{\"displayName\":\"Ada \\\"L.\\\"\",\"company\":\"ACME\"}}]}");
		assertThat(new String(WireFormat.flushBody(3, List.of()), StandardCharsets.UTF_8))
			.isEqualTo("{\"highestLocalSeq\":3,\"entries\":[]}");
	}

	@Test
	void utcTimesKeepAnExplicitOffset() {
		FlushEntry entry = new FlushEntry(1, "k-1:1", EntryType.CHECK_IN, "a",
				OffsetDateTime.parse("2026-07-16T07:01:00Z"), OffsetDateTime.parse("2026-07-16T07:01:00Z"), true, null);
		assertThat(new String(WireFormat.entry(entry), StandardCharsets.UTF_8))
			.contains("\"capturedAt\":\"2026-07-16T07:01:00.000Z\"")
			.contains("\"badgePrintedLocally\":true")
			.doesNotContain("badge\":");
	}

	@Test
	void responseIsReadFieldByFieldAndUnknownOutcomesAreNotFinal() {
		FlushResponse response = WireFormat
			.flushResponse(("{\"kioskId\":\"kiosk-07\",\"ackedThroughSeq\":801,\"results\":["
					+ "{\"seq\":801,\"idempotencyKey\":\"kiosk-07:801\",\"outcome\":\"APPLIED\",\"badgeJobId\":\"b1\",\"flags\":[\"DOUBLE_TAP\",\"NEW_FLAG\"]},"
					+ "{\"seq\":802,\"idempotencyKey\":\"kiosk-07:802\",\"outcome\":\"REJECTED\",\"reason\":\"UNKNOWN_ATTENDEE\",\"flags\":[]},"
					+ "{\"seq\":803,\"idempotencyKey\":\"kiosk-07:803\",\"outcome\":\"SOMETHING_NEW\"}]}")
				.getBytes(StandardCharsets.UTF_8));
		assertThat(response.ackedThroughSeq()).isEqualTo(801);
		assertThat(response.results().get(0).flags()).containsExactly(Flag.DOUBLE_TAP);
		assertThat(response.results().get(0).badgeJobId()).isEqualTo("b1");
		assertThat(response.results().get(1).reason()).isEqualTo(RejectionReason.UNKNOWN_ATTENDEE);
		assertThat(response.results().get(2).outcome()).isEqualTo(Outcome.IN_FLIGHT);
	}

	@Test
	void syncStateContinuesAfterTheHighestSeqTheEdgeKnows() {
		SyncState state = WireFormat.syncState(("{\"kioskId\":\"k\",\"contiguousThroughSeq\":7,\"highestSeenSeq\":12,"
				+ "\"highestLocalSeqReported\":10}")
			.getBytes(StandardCharsets.UTF_8));
		assertThat(state.continueAfter()).isEqualTo(12);
	}

	@Test
	void syncStateTellsTheKiosksAreaAndDirectionWhenTheEdgeKnowsThem() {
		SyncState placed = WireFormat.syncState(("{\"kioskId\":\"k\",\"contiguousThroughSeq\":0,\"highestSeenSeq\":0,"
				+ "\"highestLocalSeqReported\":0,\"areaId\":\"main-hall\",\"direction\":\"BOTH\"}")
			.getBytes(StandardCharsets.UTF_8));
		assertThat(placed.areaId()).isEqualTo("main-hall");
		assertThat(placed.direction()).isEqualTo("BOTH");
		SyncState older = WireFormat.syncState(("{\"kioskId\":\"k\",\"contiguousThroughSeq\":0,\"highestSeenSeq\":0,"
				+ "\"highestLocalSeqReported\":0}")
			.getBytes(StandardCharsets.UTF_8));
		assertThat(older.areaId()).isNull();
		assertThat(older.direction()).isNull();
	}

	@Test
	void retryAfterReadsSecondsAndHttpDates() {
		Clock clock = Clock.fixed(Instant.parse("2026-07-16T09:00:00Z"), ZoneOffset.UTC);
		EdgeClient client = new EdgeClient(null, java.net.URI.create("https://localhost:8443"), "k", "t",
				Duration.ofSeconds(1), NetworkGate.ALWAYS_UP, clock);
		assertThat(client.parseRetryAfter("7")).isEqualTo(Duration.ofSeconds(7));
		assertThat(client.parseRetryAfter("Thu, 16 Jul 2026 09:00:30 GMT")).isEqualTo(Duration.ofSeconds(30));
		assertThat(client.parseRetryAfter("whenever")).isNull();
	}

}
