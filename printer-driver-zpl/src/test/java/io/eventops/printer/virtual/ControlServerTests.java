package io.eventops.printer.virtual;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.eventops.printer.client.PrinterAddress;
import io.eventops.printer.client.ZebraClient;
import io.eventops.printer.zpl.LabelSize;
import io.eventops.printer.zpl.TestBadges;
import io.eventops.printer.zpl.ZplBadgeRenderer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class ControlServerTests {

	private final HttpClient http = HttpClient.newHttpClient();

	private VirtualPrinter printer;

	private ControlServer control;

	@BeforeEach
	void start() throws IOException {
		this.printer = VirtualPrinter
			.start(VirtualPrinterConfig.named("controlled").withLabelTime(Duration.ofMillis(20)).withLogLabels(false));
		this.control = ControlServer.start(this.printer, "127.0.0.1", 0);
	}

	@AfterEach
	void stop() {
		this.control.close();
		this.printer.close();
	}

	@Test
	void injectsAndClearsFaults() throws Exception {
		HttpResponse<String> paperOut = post("/faults/paper-out");

		assertThat(paperOut.statusCode()).isEqualTo(200);
		assertThat(paperOut.body()).contains("\"paperOut\":true");
		assertThat(this.printer.state().paperOut()).isTrue();

		post("/faults/head-open");
		post("/faults/pause");
		assertThat(this.printer.state().headOpen()).isTrue();
		assertThat(this.printer.state().paused()).isTrue();

		assertThat(post("/clear").statusCode()).isEqualTo(200);
		assertThat(this.printer.state().paperOut()).isFalse();
		assertThat(this.printer.state().headOpen()).isFalse();
		assertThat(this.printer.state().paused()).isFalse();
	}

	@Test
	void slowsBlipsAndKills() throws Exception {
		post("/faults/slow?millis=1500");
		assertThat(this.printer.state().labelTime()).isEqualTo(Duration.ofMillis(1500));

		post("/faults/blip?millis=200");
		assertThat(this.printer.state().listening()).isFalse();
		await().atMost(Duration.ofSeconds(5)).until(() -> this.printer.state().listening());

		post("/faults/die");
		assertThat(this.printer.state().dead()).isTrue();
		assertThat(get("/status").body()).contains("\"dead\":true");
	}

	@Test
	void listsPrintedLabelsAsJsonLines() throws Exception {
		ZebraClient client = new ZebraClient(new PrinterAddress("127.0.0.1", this.printer.port()),
				io.eventops.printer.client.ClientSettings.DEFAULTS);
		client.send(ZplBadgeRenderer.render(TestBadges.badge().jobId("job-\"1\"").build(), LabelSize.BADGE_203_DPI));
		client.send(ZplBadgeRenderer.render(TestBadges.badge().jobId("job-2").build(), LabelSize.BADGE_203_DPI));
		await().atMost(Duration.ofSeconds(5)).until(() -> this.printer.printedLabels().size() == 2);

		HttpResponse<String> labels = get("/labels");

		assertThat(labels.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/x-ndjson"));
		assertThat(labels.body().lines()).hasSize(2);
		assertThat(labels.body().lines().findFirst()).hasValueSatisfying((line) -> assertThat(line)
			.startsWith("{\"printer\":\"controlled\",\"jobId\":\"job-\\\"1\\\"\",\"attendeeId\":\"att_9f3ac210\","
					+ "\"credentialVersion\":2,")
			.contains("\"zpl\":\"^XA\\n^FXjob=job-%221%22;"));
	}

	@Test
	void jamsCancelsSwallowsAndRestartsWithoutMovingTheLabelCounter() throws Exception {
		ZebraClient client = new ZebraClient("127.0.0.1", this.printer.port());
		post("/faults/jam");
		client.send(ZplBadgeRenderer.render(TestBadges.badge().jobId("job-1").build(), LabelSize.BADGE_203_DPI));
		await().atMost(Duration.ofSeconds(5)).until(() -> this.printer.state().jammed());

		HttpResponse<String> cancelled = post("/faults/cancel");

		assertThat(cancelled.statusCode()).isEqualTo(200);
		assertThat(cancelled.body()).contains("\"jammed\":false").contains("\"labelCount\":0");
		assertThat(post("/faults/swallow").statusCode()).isEqualTo(200);
		client.send(ZplBadgeRenderer.render(TestBadges.badge().jobId("job-2").build(), LabelSize.BADGE_203_DPI));
		await().atMost(Duration.ofSeconds(5)).until(() -> this.printer.droppedLabels().size() == 2);
		assertThat(post("/faults/restart?millis=100").statusCode()).isEqualTo(200);
		await().atMost(Duration.ofSeconds(5)).until(() -> this.printer.state().listening());
		assertThat(this.printer.state().labelCount()).isZero();
		assertThat(this.printer.printedLabels()).isEmpty();
	}

	@Test
	void rejectsUnknownFaultsWrongMethodsAndMissingParameters() throws Exception {
		assertThat(post("/faults/fire").statusCode()).isEqualTo(404);
		assertThat(get("/faults/jam").statusCode()).isEqualTo(405);
		assertThat(post("/faults/blip").statusCode()).isEqualTo(400);
		assertThat(post("/faults/slow?millis=soon").statusCode()).isEqualTo(400);
		assertThat(this.printer.state().jammed()).isFalse();
	}

	private HttpResponse<String> post(String path) throws IOException, InterruptedException {
		return this.http.send(HttpRequest.newBuilder(uri(path)).POST(HttpRequest.BodyPublishers.noBody()).build(),
				HttpResponse.BodyHandlers.ofString());
	}

	private HttpResponse<String> get(String path) throws IOException, InterruptedException {
		return this.http.send(HttpRequest.newBuilder(uri(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
	}

	private URI uri(String path) {
		return URI.create("http://127.0.0.1:" + this.control.port() + path);
	}

}
