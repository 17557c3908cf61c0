package io.eventops.printer.virtual;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

import io.eventops.printer.client.ClientSettings;
import io.eventops.printer.client.PrinterAddress;
import io.eventops.printer.client.ZebraClient;
import io.eventops.printer.zpl.LabelSize;
import io.eventops.printer.zpl.TestBadges;
import io.eventops.printer.zpl.ZplBadgeRenderer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

class LabelCounterTests {

	private static final Duration WAIT = Duration.ofSeconds(5);

	@AutoClose
	private VirtualPrinter printer;

	@Test
	void answersGetvarOfTheOdometerAsAQuotedNumberLikeLinkOs() throws IOException {
		this.printer = start(Duration.ofMillis(10), true);

		assertThat(rawGetvar("! U1 getvar \"odometer.total_label_count\"\r\n")).isEqualTo("\"0\"");
		assertThat(rawGetvar("! U1 getvar \"no.such.variable\"\r\n")).isEqualTo("\"?\"");
	}

	@Test
	void aCounterCanBeLostOrSilencedWhileHostStatusStillAnswers() throws IOException {
		this.printer = start(Duration.ofMillis(10), true);
		ZebraClient client = client();

		this.printer.forgetLabelCounter();
		assertThat(client.labelCount()).isEmpty();
		this.printer.silenceLabelCounter();
		assertThatExceptionOfType(SocketTimeoutException.class).isThrownBy(client::labelCount);
		assertThat(client.hostStatus().readyToPrint()).isTrue();
		this.printer.answerLabelCounter();
		assertThat(client.labelCount()).hasValue(0);
	}

	@Test
	void aPrinterSwallowingEveryFormatPrintsNoneUntilCleared() throws IOException {
		this.printer = start(Duration.ofMillis(20), true);
		ZebraClient client = client();
		this.printer.swallowEvery();

		client.send(badge("job-1") + badge("job-2"));

		await().atMost(WAIT).until(() -> this.printer.droppedLabels().size() == 2);
		assertThat(client.labelCount()).hasValue(0);
		this.printer.clear();
		client.send(badge("job-3"));
		await().atMost(WAIT).until(() -> this.printer.printedLabels().size() == 1);
	}

	@Test
	void countsOnlyLabelsReallyPrinted() throws IOException {
		this.printer = start(Duration.ofMillis(300), true);
		ZebraClient client = client();
		client.send(badge("job-1") + badge("job-2") + badge("job-3"));
		await().atMost(WAIT).until(() -> this.printer.state().labelsRemaining() == 1);

		client.cancelAll();

		await().atMost(WAIT).until(() -> client.hostStatus().idle());
		assertThat(client.labelCount()).hasValue(1);
		assertThat(this.printer.droppedLabels()).extracting(PrintedLabel::jobId).containsExactly("job-2", "job-3");
		assertThat(this.printer.printedLabels()).hasSize(1);
	}

	@Test
	void aJamDoesNotShowInHostStatusAndCancelDropsItWithoutMovingTheCounter() throws IOException {
		this.printer = start(Duration.ofMillis(20), true);
		ZebraClient client = client();
		this.printer.jam();
		client.send(badge("job-1"));
		await().atMost(WAIT).until(() -> this.printer.state().jammed());
		assertThat(client.hostStatus().hasFault()).isFalse();
		assertThat(client.hostStatus().readyToPrint()).isTrue();

		this.printer.cancel();

		await().atMost(WAIT).until(() -> client.hostStatus().idle());
		assertThat(client.labelCount()).hasValue(0);
		assertThat(this.printer.printedLabels()).isEmpty();
		client.send(badge("job-2"));
		await().atMost(WAIT).until(() -> this.printer.printedLabels().size() == 1);
		assertThat(client.labelCount()).hasValue(1);
	}

	@Test
	void aSwallowedFormatShowsBusyThenIdleAndNeverCounts() throws IOException {
		this.printer = start(Duration.ofMillis(200), true);
		ZebraClient client = client();
		this.printer.swallowNext();

		client.send(badge("job-1"));

		assertThat(client.hostStatus().idle()).isFalse();
		await().atMost(WAIT).until(() -> client.hostStatus().idle());
		assertThat(client.labelCount()).hasValue(0);
		assertThat(this.printer.printedLabels()).isEmpty();
		assertThat(this.printer.droppedLabels()).extracting(PrintedLabel::jobId).containsExactly("job-1");
	}

	@Test
	void aRestartLosesTheBufferButKeepsTheCounter() throws IOException {
		this.printer = start(Duration.ofMillis(500), true);
		ZebraClient client = client();
		client.send(badge("job-1"));
		await().atMost(WAIT).until(() -> this.printer.printedLabels().size() == 1);
		client.send(badge("job-2"));
		await().atMost(WAIT).until(() -> this.printer.state().labelsRemaining() == 1);

		this.printer.restart(Duration.ofMillis(200));

		await().atMost(WAIT).ignoreExceptions().until(() -> client.hostStatus().idle());
		assertThat(client.labelCount()).hasValue(1);
		assertThat(this.printer.printedLabels()).hasSize(1);
	}

	@Test
	void withoutTheOdometerEveryGetvarAnswersUnknown() throws IOException {
		this.printer = start(Duration.ofMillis(10), false);
		ZebraClient client = client();
		client.send(badge("job-1"));
		await().atMost(WAIT).until(() -> this.printer.printedLabels().size() == 1);

		assertThat(client.labelCount()).isEmpty();
		assertThat(this.printer.state().labelCount()).isOne();
	}

	@Test
	void aGetvarLineSplitAcrossReadsIsAnsweredOnceComplete() throws IOException {
		this.printer = start(Duration.ofMillis(10), true);
		try (Socket socket = new Socket("127.0.0.1", this.printer.port())) {
			socket.setSoTimeout(2000);
			socket.getOutputStream().write("! U1 getvar \"odometer.".getBytes(StandardCharsets.US_ASCII));
			socket.getOutputStream().flush();
			socket.getOutputStream().write("total_label_count\"\r\n".getBytes(StandardCharsets.US_ASCII));
			assertThat(readQuoted(socket.getInputStream())).isEqualTo("\"0\"");
		}
	}

	private VirtualPrinter start(Duration labelTime, boolean odometer) throws IOException {
		return VirtualPrinter.start(VirtualPrinterConfig.named("counter-test")
			.withLabelTime(labelTime)
			.withLogLabels(false)
			.withOdometer(odometer));
	}

	private ZebraClient client() {
		return new ZebraClient(new PrinterAddress("127.0.0.1", this.printer.port()),
				new ClientSettings(Duration.ofSeconds(1), Duration.ofMillis(800)));
	}

	private String rawGetvar(String line) throws IOException {
		try (Socket socket = new Socket("127.0.0.1", this.printer.port())) {
			socket.setSoTimeout(2000);
			socket.getOutputStream().write(line.getBytes(StandardCharsets.US_ASCII));
			return readQuoted(socket.getInputStream());
		}
	}

	private static String readQuoted(InputStream in) throws IOException {
		StringBuilder reply = new StringBuilder();
		int quotes = 0;
		while (quotes < 2) {
			int b = in.read();
			assertThat(b).as("reply ended early: %s", reply).isNotNegative();
			reply.append((char) b);
			if (b == '"') {
				quotes++;
			}
		}
		return reply.toString();
	}

	private static String badge(String jobId) {
		return ZplBadgeRenderer.render(TestBadges.badge().jobId(jobId).build(), LabelSize.BADGE_203_DPI);
	}

}
