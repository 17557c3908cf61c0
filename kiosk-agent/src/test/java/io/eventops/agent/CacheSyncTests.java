package io.eventops.agent;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import io.eventops.agent.cache.AttendeeCache;
import io.eventops.agent.cache.CacheSync;
import io.eventops.agent.cache.CachedAttendee;
import io.eventops.agent.http.EdgeClient;
import io.eventops.agent.http.TlsTrust;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The kiosk cache against the real edge over HTTPS (invariant 10): snapshot,
 * sequence-gated changes, resume after a restart, re-snapshot when the server pruned past
 * the cache, the SSE stream with Last-Event-ID, and the offline "already checked in"
 * warning.
 */
class CacheSyncTests {

	private final EdgeFixture edge = EdgeFixture.get();

	@TempDir
	Path dir;

	@Test
	void anotherKiosksCheckInReachesTheCacheAndWarnsOffline() throws Exception {
		List<String> attendees = this.edge.attendees("cache", 4);
		String kioskA = EdgeFixture.newKioskId("ca");
		String kioskB = EdgeFixture.newKioskId("cb");
		AtomicBoolean bOnline = new AtomicBoolean(true);
		try (KioskAgent a = KioskAgent
			.open(this.edge.config(kioskA, this.edge.provision(kioskA), this.dir.resolve("a.db")));
				KioskAgent b = KioskAgent
					.builder(this.edge.config(kioskB, this.edge.provision(kioskB), this.dir.resolve("b.db")))
					.network(bOnline::get)
					.open()) {
			// a fresh kiosk learns its sequence online once; after that it records
			// offline
			b.ensureSequence();
			CacheSync.Round first = b.syncCache(Duration.ZERO);
			assertThat(first.snapshot()).isTrue();
			assertThat(b.cache().find(attendees.get(0)))
				.hasValueSatisfying((cached) -> assertThat(cached.checkedIn()).isFalse());

			a.checkIn(attendees.get(0));
			a.flushUntilDrained(Duration.ofSeconds(30));
			assertThat(a.status().pending()).isZero();
			CacheSync.Round changes = b.syncCache(Duration.ofSeconds(5));
			assertThat(changes.snapshot()).isFalse();
			assertThat(changes.applied()).isGreaterThanOrEqualTo(1);

			bOnline.set(false);
			assertThat(b.alreadyCheckedIn(attendees.get(0))).contains("already checked in at " + kioskA);
			assertThat(b.alreadyCheckedIn(attendees.get(1))).isEmpty();
			b.checkIn(attendees.get(1));
			// its own offline check-in is known locally at once
			assertThat(b.alreadyCheckedIn(attendees.get(1))).contains("already checked in at " + kioskB);
		}
	}

	@Test
	void aRestartedCacheResumesFromItsStreamSeqAndResnapshotsWhenPrunedPast() throws Exception {
		List<String> attendees = this.edge.attendees("resume", 3);
		String kiosk = EdgeFixture.newKioskId("cr");
		String token = this.edge.provision(kiosk);
		Path db = this.dir.resolve("r.db");
		long position;
		try (KioskAgent agent = KioskAgent.open(this.edge.config(kiosk, token, db))) {
			agent.syncCache(Duration.ZERO);
			position = agent.cache().streamSeq();
		}
		this.edge.attendees("resume-later", 2);
		try (KioskAgent agent = KioskAgent.open(this.edge.config(kiosk, token, db))) {
			assertThat(agent.cache().streamSeq()).isEqualTo(position);
			CacheSync.Round resumed = agent.syncCache(Duration.ofSeconds(5));
			assertThat(resumed.snapshot()).isFalse();
			assertThat(resumed.applied()).isEqualTo(2);
			assertThat(resumed.streamSeq()).isGreaterThan(position);

			this.edge.execute("INSERT INTO reconciler.change_log_horizon (event_id, pruned_through) VALUES ('"
					+ EdgeFixture.EVENT_ID + "', " + (resumed.streamSeq() + 1_000_000) + ") ON CONFLICT (event_id) "
					+ "DO UPDATE SET pruned_through = EXCLUDED.pruned_through");
			try {
				CacheSync.Round again = agent.syncCache(Duration.ZERO);
				assertThat(again.snapshot()).isTrue();
				assertThat(agent.cache().find(attendees.get(2))).isPresent();
			}
			finally {
				this.edge.execute(
						"DELETE FROM reconciler.change_log_horizon WHERE event_id = '" + EdgeFixture.EVENT_ID + "'");
			}
		}
	}

	@Test
	void duplicateAndLateChangesAreNoOps() {
		try (AttendeeCache cache = AttendeeCache.open(this.dir.resolve("gate.cache"))) {
			cache.replace("ev", 10, List.of(new CachedAttendee("att_1", "Ada", null, null, false, null, 1)));
			CachedAttendee checkedIn = new CachedAttendee("att_1", "Ada", null, null, true, "kiosk-03", 1);
			assertThat(cache.apply(12, checkedIn)).isTrue();
			assertThat(cache.apply(12, checkedIn)).isFalse();
			assertThat(cache.apply(11, new CachedAttendee("att_1", "Ada (late)", null, null, false, null, 1)))
				.isFalse();
			assertThat(cache.find("att_1")).contains(checkedIn);
			assertThat(cache.streamSeq()).isEqualTo(12);
		}
	}

	@Test
	void theServerSentEventStreamResumesAfterLastEventId() throws Exception {
		String kiosk = EdgeFixture.newKioskId("cs");
		String token = this.edge.provision(kiosk);
		long from;
		try (KioskAgent agent = KioskAgent.open(this.edge.config(kiosk, token, this.dir.resolve("s.db")))) {
			agent.syncCache(Duration.ZERO);
			from = agent.cache().streamSeq();
		}
		this.edge.attendees("sse", 3);
		HttpClient http = EdgeClient.httpClient(TlsTrust.context(this.edge.caFile()), Duration.ofSeconds(5));
		HttpRequest request = HttpRequest
			.newBuilder(URI.create(this.edge.edgeUrl() + "/v1/kiosks/" + kiosk + "/changes/stream"))
			.header("Authorization", "Bearer " + token)
			.header("Last-Event-ID", Long.toString(from))
			.timeout(Duration.ofSeconds(30))
			.build();
		HttpResponse<java.io.InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
		assertThat(response.statusCode()).isEqualTo(200);
		List<Long> ids = new ArrayList<>();
		try (BufferedReader lines = new BufferedReader(
				new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
			String line;
			while (ids.size() < 3 && (line = lines.readLine()) != null) {
				if (line.startsWith("id:")) {
					ids.add(Long.parseLong(line.substring(3).trim()));
				}
			}
		}
		assertThat(ids).hasSize(3).isSorted().allSatisfy((id) -> assertThat(id).isGreaterThan(from));
	}

	@Test
	void anExpressCodeIsRedeemedOnlineAndNeverOffline() throws Exception {
		List<String> group = this.edge.attendees("express", 2);
		String code = this.edge.expressCode(group);
		String kiosk = EdgeFixture.newKioskId("ce");
		AtomicBoolean online = new AtomicBoolean(true);
		try (KioskAgent agent = KioskAgent
			.builder(this.edge.config(kiosk, this.edge.provision(kiosk), this.dir.resolve("e.db")))
			.network(online::get)
			.open()) {
			online.set(false);
			assertThatExceptionOfType(ExpressCodeOfflineException.class)
				.isThrownBy(() -> agent.redeemExpressCode(code, "desk-1-attempt-1", List.of()))
				.withMessageContaining("online only");
			online.set(true);
			EdgeClient.Answer redeemed = agent.redeemExpressCode(code, "desk-1-attempt-1", List.of());
			assertThat(redeemed.status()).isEqualTo(200);
			assertThat(new String(redeemed.body(), StandardCharsets.UTF_8)).contains("\"duplicate\":false");
			EdgeClient.Answer retried = agent.redeemExpressCode(code, "desk-1-attempt-1", List.of());
			assertThat(new String(retried.body(), StandardCharsets.UTF_8)).contains("\"duplicate\":true");
			EdgeClient.Answer other = agent.redeemExpressCode(code, "desk-2-attempt-1", List.of());
			assertThat(other.status()).isEqualTo(409);
			assertThat(new String(other.body(), StandardCharsets.UTF_8)).contains("already-used");
			// well-formed but never issued (a U could not be in a code at all: 400)
			assertThat(agent.redeemExpressCode("N0SVCHC0DE", "x", List.of()).status()).isEqualTo(404);
			assertThat(agent.redeemExpressCode("NOSUCHCODE", "x", List.of()).status()).isEqualTo(400);
		}
		for (String attendee : group) {
			assertThat(this.edge.checkInRows(attendee)).isOne();
		}
	}

}
