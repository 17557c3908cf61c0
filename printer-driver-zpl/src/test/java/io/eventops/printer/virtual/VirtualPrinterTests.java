package io.eventops.printer.virtual;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

import io.eventops.printer.client.ClientSettings;
import io.eventops.printer.client.PrinterAddress;
import io.eventops.printer.client.PrinterConnectException;
import io.eventops.printer.client.ZebraClient;
import io.eventops.printer.status.ExtendedStatus;
import io.eventops.printer.status.PrinterIdentity;
import io.eventops.printer.status.PrinterStatus;
import io.eventops.printer.zpl.LabelSize;
import io.eventops.printer.zpl.TestBadges;
import io.eventops.printer.zpl.ZplBadgeRenderer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

class VirtualPrinterTests {

	private static final Duration WAIT = Duration.ofSeconds(5);

	@AutoClose
	private VirtualPrinter printer;

	@Test
	void answersHostStatusInZebrasExactLayout() throws IOException {
		this.printer = start(Duration.ofMillis(50));

		String reply = rawQuery("~HS", 3);

		assertThat(reply).isEqualTo("\u0002030,0,0,0609,000,0,0,0,000,0,0,0\u0003\r\n"
				+ "\u0002001,0,0,0,0,2,6,0,00000000,1,000\u0003\r\n\u00021234,0\u0003\r\n");
	}

	@Test
	void answersExtendedStatusAndIdentity() throws IOException {
		this.printer = start(Duration.ofMillis(50));
		ZebraClient client = client();

		assertThat(client.extendedStatus()).isEqualTo(ExtendedStatus.OK);
		PrinterIdentity identity = client.identify();
		assertThat(identity.dpi()).isEqualTo(203);
		assertThat(identity.model()).isEqualTo("VZ411-203dpi");
	}

	@Test
	void showsTheFormatInBufferAndTheLabelRemainingWhileItPrints() throws IOException {
		this.printer = start(Duration.ofSeconds(30));
		ZebraClient client = client();

		client.send(badge("job-1"));

		PrinterStatus status = client.hostStatus();
		assertThat(status.formatsInBuffer()).isOne();
		assertThat(status.labelsRemaining()).isOne();
		assertThat(this.printer.printedLabels()).isEmpty();
	}

	@Test
	void recordsEveryFinishedLabelWithItsTraceAndRawFormat() throws IOException {
		this.printer = start(Duration.ofMillis(20));
		List<PrintedLabel> heard = new CopyOnWriteArrayList<>();
		this.printer.onLabelPrinted(heard::add);
		String first = badge("job-1");
		String second = badge("job-2");

		try (Socket socket = connect()) {
			OutputStream out = socket.getOutputStream();
			byte[] both = (first + second).getBytes(StandardCharsets.UTF_8);
			// one connection, two formats, cut in the middle of the first one's UTF-8 and
			// commands
			out.write(both, 0, 37);
			out.flush();
			out.write(both, 37, both.length - 37);
			out.flush();
		}

		await().atMost(WAIT).until(() -> this.printer.printedLabels().size() == 2);
		List<PrintedLabel> labels = this.printer.printedLabels();
		assertThat(labels).extracting(PrintedLabel::jobId).containsExactly("job-1", "job-2");
		assertThat(labels.get(0).attendeeId()).isEqualTo("att_9f3ac210");
		assertThat(labels.get(0).credentialVersion()).isEqualTo(2);
		assertThat(labels.get(0).printer()).isEqualTo("test-printer");
		assertThat(labels.get(0).zpl()).isEqualTo(first.strip());
		await().atMost(WAIT).until(() -> heard.size() == 2);
	}

	@Test
	void tellsOfEveryFormatWhenItArrivesBeforeTheLabelIsPrinted() throws IOException {
		this.printer = start(Duration.ofSeconds(30));
		List<PrintedLabel> received = new CopyOnWriteArrayList<>();
		this.printer.onFormatReceived(received::add);
		ZebraClient client = client();

		client.send(badge("job-1"));
		client.send(badge("job-2"));

		await().atMost(WAIT).until(() -> received.size() == 2);
		assertThat(received).extracting(PrintedLabel::jobId).containsExactly("job-1", "job-2");
		assertThat(received.get(0).attendeeId()).isEqualTo("att_9f3ac210");
		// a label of 30 s: neither is printed yet, and status queries are not formats
		assertThat(client.hostStatus().formatsInBuffer()).isEqualTo(2);
		assertThat(this.printer.printedLabels()).isEmpty();
		assertThat(received).hasSize(2);
	}

	@Test
	void staysSilentToHostStatusWhileOutOfPaperAndResumesWhenCleared() throws IOException {
		this.printer = start(Duration.ofMillis(200));
		ZebraClient client = client();
		this.printer.paperOut();
		client.send(badge("job-1"));

		assertThatExceptionOfType(SocketTimeoutException.class).isThrownBy(client::hostStatus);
		assertThat(client.extendedStatus().has(ExtendedStatus.MEDIA_OUT)).isTrue();
		assertThat(this.printer.state().formatsInBuffer()).isOne();
		assertThat(this.printer.printedLabels()).isEmpty();

		this.printer.clear();

		await().atMost(WAIT).until(() -> this.printer.printedLabels().size() == 1);
		assertThat(client.hostStatus().readyToPrint()).isTrue();
	}

	@Test
	void staysSilentToHostStatusWhileTheHeadIsOpen() throws IOException {
		this.printer = start(Duration.ofMillis(50));
		ZebraClient client = client();
		this.printer.headOpen();

		assertThatExceptionOfType(SocketTimeoutException.class).isThrownBy(client::hostStatus);
		PrinterStatus status = client.probe();
		assertThat(status.headOpen()).isTrue();
		assertThat(status.readyToPrint()).isFalse();
	}

	@Test
	void reportsPauseAndHoldsLabelsUntilResumed() throws IOException {
		this.printer = start(Duration.ofMillis(20));
		ZebraClient client = client();
		this.printer.pause();
		client.send(badge("job-1"));

		PrinterStatus status = client.hostStatus();
		assertThat(status.paused()).isTrue();
		assertThat(status.formatsInBuffer()).isOne();
		assertThat(client.extendedStatus().has(ExtendedStatus.PAUSED)).isTrue();

		this.printer.resume();
		await().atMost(WAIT).until(() -> this.printer.printedLabels().size() == 1);
	}

	@Test
	void honoursZplPauseAndStartCommands() throws IOException {
		this.printer = start(Duration.ofMillis(20));
		ZebraClient client = client();

		client.send("~PP");
		assertThat(client.hostStatus().paused()).isTrue();
		client.send("~PS");
		assertThat(client.hostStatus().paused()).isFalse();
	}

	@Test
	void cancelAllDropsBufferedFormatsButFinishesTheLabelInProgress() throws IOException {
		this.printer = start(Duration.ofMillis(300));
		ZebraClient client = client();
		client.send(badge("job-1") + badge("job-2") + badge("job-3"));
		await().atMost(WAIT).until(() -> this.printer.state().labelsRemaining() == 1);
		assertThat(client.hostStatus().formatsInBuffer()).isEqualTo(3);

		client.cancelAll();

		await().atMost(WAIT).until(() -> client.hostStatus().idle());
		assertThat(this.printer.printedLabels()).extracting(PrintedLabel::jobId).containsExactly("job-1");
	}

	@Test
	void jammedLabelNeverFinishesAndIsDiscardedWhenCleared() throws IOException {
		this.printer = start(Duration.ofMillis(20));
		ZebraClient client = client();
		this.printer.jam();
		client.send(badge("job-1"));
		await().atMost(WAIT).until(() -> this.printer.state().jammed());

		PrinterStatus status = client.hostStatus();
		assertThat(status.labelsRemaining()).isOne();
		assertThat(this.printer.printedLabels()).isEmpty();

		this.printer.clear();
		client.send(badge("job-2"));

		await().atMost(WAIT).until(() -> this.printer.printedLabels().size() == 1);
		assertThat(this.printer.printedLabels().get(0).jobId()).isEqualTo("job-2");
	}

	@Test
	void slowChangesTheTimeOfTheFollowingLabels() throws IOException {
		this.printer = start(Duration.ofMillis(10));
		this.printer.slow(Duration.ofSeconds(30));
		client().send(badge("job-1"));

		await().atMost(WAIT).until(() -> this.printer.state().labelsRemaining() == 1);
		assertThat(this.printer.state().labelTime()).isEqualTo(Duration.ofSeconds(30));
		assertThat(this.printer.printedLabels()).isEmpty();

		this.printer.clear();
		assertThat(this.printer.state().labelTime()).isEqualTo(Duration.ofMillis(10));
	}

	@Test
	void deadPrinterRefusesConnectionsForGood() throws IOException {
		this.printer = start(Duration.ofSeconds(30));
		ZebraClient client = client();
		client.send(badge("job-1"));
		await().atMost(WAIT).until(() -> this.printer.state().labelsRemaining() == 1);

		this.printer.die();
		this.printer.clear();

		assertThatExceptionOfType(PrinterConnectException.class).isThrownBy(client::hostStatus);
		assertThat(this.printer.state().dead()).isTrue();
		assertThat(this.printer.printedLabels()).isEmpty();
	}

	@Test
	void blipRefusesConnectionsThenComesBackOnTheSamePortWithItsBuffer() throws IOException {
		this.printer = start(Duration.ofMillis(400));
		ZebraClient client = client();
		client.send(badge("job-1") + badge("job-2"));
		await().atMost(WAIT).until(() -> this.printer.state().formatsInBuffer() == 2);

		this.printer.blip(Duration.ofMillis(300));

		assertThatExceptionOfType(PrinterConnectException.class).isThrownBy(client::hostStatus);
		await().atMost(WAIT).until(() -> client.probe().reachable());
		await().atMost(WAIT).until(() -> this.printer.printedLabels().size() == 2);
		assertThat(this.printer.printedLabels()).extracting(PrintedLabel::jobId).containsExactly("job-1", "job-2");
	}

	@Test
	void blipDropsTheOpenSession() throws IOException {
		this.printer = start(Duration.ofMillis(20));
		try (Socket socket = connect()) {
			socket.getOutputStream().write("~HS".getBytes(StandardCharsets.US_ASCII));
			readFrames(socket, 3);
			assertThat(socket.getInputStream().readNBytes(2)).containsExactly('\r', '\n');

			this.printer.blip(Duration.ofMillis(200));

			assertThat(socket.getInputStream().read()).isEqualTo(-1);
		}
	}

	private VirtualPrinter start(Duration labelTime) throws IOException {
		return VirtualPrinter
			.start(VirtualPrinterConfig.named("test-printer").withLabelTime(labelTime).withLogLabels(false));
	}

	private ZebraClient client() {
		return new ZebraClient(new PrinterAddress("127.0.0.1", this.printer.port()),
				new ClientSettings(Duration.ofSeconds(1), Duration.ofMillis(800)));
	}

	private static String badge(String jobId) {
		return ZplBadgeRenderer.render(TestBadges.badge().jobId(jobId).displayName("Zoë 👋 " + jobId).build(),
				LabelSize.BADGE_203_DPI);
	}

	private Socket connect() throws IOException {
		Socket socket = new Socket("127.0.0.1", this.printer.port());
		socket.setSoTimeout(2000);
		return socket;
	}

	private String rawQuery(String command, int frames) throws IOException {
		try (Socket socket = connect()) {
			socket.getOutputStream().write(command.getBytes(StandardCharsets.US_ASCII));
			return readFrames(socket, frames)
					+ new String(socket.getInputStream().readNBytes(2), StandardCharsets.ISO_8859_1);
		}
	}

	private static String readFrames(Socket socket, int frames) throws IOException {
		InputStream in = socket.getInputStream();
		StringBuilder reply = new StringBuilder();
		int seen = 0;
		while (seen < frames) {
			int b = in.read();
			assertThat(b).as("reply ended early: %s", reply).isNotNegative();
			reply.append((char) b);
			if (b == 3) {
				seen++;
			}
		}
		return reply.toString();
	}

}
