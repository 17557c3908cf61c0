package io.eventops.drills.fleet;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Each kiosk sends through its own client (its own connections and TLS session cache),
 * while the faults, timings and counts are the drill's, one line for the whole fleet.
 */
class DrillHttpClientTests {

	private HttpServer server;

	private final AtomicInteger flushes = new AtomicInteger();

	@BeforeEach
	void start() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/", (exchange) -> {
			exchange.getRequestBody().readAllBytes();
			this.flushes.incrementAndGet();
			byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(200, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		this.server.start();
	}

	@AfterEach
	void stop() {
		this.server.stop(0);
	}

	@Test
	void kiosksSendThroughTheirOwnClientsAndShareOneLineOfFaultsAndTimings() throws Exception {
		try (HttpClient shared = HttpClient.newHttpClient();
				HttpClient ownA = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
				HttpClient ownB = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()) {
			DrillHttpClient line = new DrillHttpClient(shared, 7);
			DrillHttpClient kioskA = line.forKiosk(ownA);
			DrillHttpClient kioskB = line.forKiosk(ownB);
			assertThat(kioskA.connectTimeout()).isEqualTo(Optional.of(Duration.ofSeconds(1)));
			assertThat(kioskB.connectTimeout()).isEqualTo(Optional.of(Duration.ofSeconds(2)));

			// faults set on the drill's client reach every kiosk's
			line.faults(new KioskFaults(1.0, 0, 0));
			assertThatExceptionOfType(IOException.class)
				.isThrownBy(() -> kioskA.send(flush("kiosk-a"), HttpResponse.BodyHandlers.ofString()));
			assertThatExceptionOfType(IOException.class)
				.isThrownBy(() -> kioskB.send(flush("kiosk-b"), HttpResponse.BodyHandlers.ofString()));
			line.faults(KioskFaults.NONE);
			assertThat(kioskA.send(flush("kiosk-a"), HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);

			assertThat(this.flushes).hasValue(3);
			assertThat(line.injected()).containsEntry("lost-ack", 2);
			assertThat(line.timings()).hasSize(3)
				.extracting(BatchTiming::injected)
				.containsExactly("lost-ack", "lost-ack", null);
			assertThat(kioskB.timings()).hasSize(3);
			line.clearTimings();
			assertThat(kioskA.timings()).isEmpty();
		}
	}

	private HttpRequest flush(String kiosk) {
		URI uri = URI
			.create("http://127.0.0.1:" + this.server.getAddress().getPort() + "/v1/kiosks/" + kiosk + "/flush");
		return HttpRequest.newBuilder(uri)
			.POST(HttpRequest.BodyPublishers.ofString("{\"highestLocalSeq\":0,\"entries\":[]}"))
			.build();
	}

}
