package io.eventops.printer.client;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import io.eventops.printer.status.PrinterStatus;
import io.eventops.printer.status.StatusSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

class ZebraClientTests {

	static final String HS_CAPTURE = "\u0002158,0,0,0203,000,0,0,0,000,0,0,0\u0003\r\n"
			+ "\u0002000,0,0,0,0,2,6,0,00000000,1,000\u0003\r\n" + "\u00020000,0\u0003\r\n";

	static final String HQES_MEDIA_OUT = "\u0002\r\n\r\n  PRINTER STATUS                            \r\n"
			+ "   ERRORS:         1 00000000 00000001      \r\n"
			+ "   WARNINGS:       0 00000000 00000000      \r\n\u0003\r\n";

	static final Duration WAIT = Duration.ofSeconds(5);

	static final ClientSettings TIMEOUTS = new ClientSettings(Duration.ofSeconds(1), Duration.ofMillis(800));

	@Test
	void readsHostStatusSplitAcrossSeveralWrites() throws IOException {
		List<String> chunks = List.of("\u0002", "158,0,0,02", "03,000,0,0,0,000,0,0,0\u0003", "\r\n\u0002000,0,0,0,0,2",
				",6,0,00000000,1,000\u0003\r", "\n", "\u00020000,0", "\u0003", "\r\n");
		try (ScriptedPrinter printer = new ScriptedPrinter((command) -> command.equals("HS") ? chunks : List.of())) {
			PrinterStatus status = new ZebraClient(printer.address(), TIMEOUTS).hostStatus();

			assertThat(status.source()).isEqualTo(StatusSource.HOST_STATUS);
			assertThat(status.readyToPrint()).isTrue();
			assertThat(status.idle()).isTrue();
		}
	}

	@Test
	void readsHostStatusSentOneByteAtATime() throws IOException {
		List<String> bytes = HS_CAPTURE.chars().mapToObj((c) -> String.valueOf((char) c)).toList();
		try (ScriptedPrinter printer = new ScriptedPrinter((command) -> command.equals("HS") ? bytes : List.of())) {
			assertThat(new ZebraClient(printer.address(), TIMEOUTS).hostStatus().readyToPrint()).isTrue();
		}
	}

	@Test
	void timesOutOnAnIncompleteHostStatusReply() throws IOException {
		String twoStrings = HS_CAPTURE.substring(0, HS_CAPTURE.lastIndexOf('\u0002'));
		try (ScriptedPrinter printer = new ScriptedPrinter(
				(command) -> command.equals("HS") ? List.of(twoStrings) : List.of())) {
			assertThatExceptionOfType(SocketTimeoutException.class)
				.isThrownBy(() -> new ZebraClient(printer.address(), TIMEOUTS).hostStatus())
				.withMessageContaining("2 of 3");
		}
	}

	@Test
	void probeFallsBackToExtendedStatusWhenHostStatusGetsNoReply() throws IOException {
		try (ScriptedPrinter printer = new ScriptedPrinter(
				(command) -> command.equals("HQES") ? List.of(HQES_MEDIA_OUT) : List.of())) {
			PrinterStatus status = new ZebraClient(printer.address(), TIMEOUTS).probe();

			assertThat(status.source()).isEqualTo(StatusSource.EXTENDED_STATUS);
			assertThat(status.paperOut()).isTrue();
			assertThat(status.readyToPrint()).isFalse();
			await().atMost(WAIT).until(() -> printer.received().size() == 2);
			assertThat(printer.received()).containsExactlyInAnyOrder("~HS", "~HQES");
		}
	}

	@Test
	void probeReportsASilentPrinterAsUnreachable() throws IOException {
		try (ScriptedPrinter printer = new ScriptedPrinter((command) -> List.of())) {
			PrinterStatus status = new ZebraClient(printer.address(), TIMEOUTS).probe();

			assertThat(status.reachable()).isFalse();
			assertThat(status.readyToPrint()).isFalse();
			assertThat(status.detail()).contains("no reply to ~HS");
		}
	}

	@Test
	void probeReportsARefusedConnectionAsUnreachable() throws IOException {
		int port;
		try (ServerSocket socket = new ServerSocket(0)) {
			port = socket.getLocalPort();
		}
		PrinterStatus status = new ZebraClient(new PrinterAddress("127.0.0.1", port), TIMEOUTS).probe();

		assertThat(status.reachable()).isFalse();
		assertThat(status.detail()).contains("cannot connect");
	}

	@Test
	void probeReportsAGarbledReplyAsUnreachable() throws IOException {
		try (ScriptedPrinter printer = new ScriptedPrinter(
				(command) -> List.of("\u0002a\u0003\u0002b\u0003\u0002c\u0003"))) {
			PrinterStatus status = new ZebraClient(printer.address(), TIMEOUTS).probe();

			assertThat(status.reachable()).isFalse();
			assertThat(status.detail()).contains("~HS failed");
		}
	}

	@Test
	void readsTheIdentity() throws IOException {
		try (ScriptedPrinter printer = new ScriptedPrinter(
				(command) -> List.of("\u0002ZT410-300dpi,V75.20", ".01Z,12,8176KB\u0003\r\n"))) {
			assertThat(new ZebraClient(printer.address(), TIMEOUTS).identify().dpi()).isEqualTo(300);
		}
	}

	@Test
	void sendsFormatsAsUtf8AndCancelAllAsJa() throws IOException {
		try (ScriptedPrinter printer = new ScriptedPrinter((command) -> List.of())) {
			ZebraClient client = new ZebraClient(printer.address(), TIMEOUTS);

			client.send("^XA^FH^FDZoë 👋^FS^XZ");
			// each command is its own connection, recorded by its own thread of the
			// scripted printer: wait for the first before sending the second, or their
			// order is a race
			await().atMost(WAIT).until(() -> printer.received().size() == 1);
			client.cancelAll();

			await().atMost(WAIT).until(() -> printer.received().size() == 2);
			assertThat(printer.received()).containsExactly("^XA^FH^FDZoë 👋^FS^XZ", "~JA");
		}
	}

	@Test
	void opensOneConnectionPerPrinterAtATimeAcrossClients() throws IOException {
		ExecutorService callers = Executors.newFixedThreadPool(4);
		List<String> slowReply = HS_CAPTURE.chars().mapToObj((c) -> String.valueOf((char) c)).toList();
		try (ScriptedPrinter printer = new ScriptedPrinter((command) -> slowReply)) {
			List<CompletableFuture<Void>> calls = new ArrayList<>();
			IntStream.range(0, 4).forEach((caller) -> calls.add(CompletableFuture.runAsync(() -> {
				ZebraClient client = new ZebraClient(printer.address(), TIMEOUTS);
				for (int i = 0; i < 10; i++) {
					assertThat(client.probe().readyToPrint()).isTrue();
				}
			}, callers)));
			calls.forEach(CompletableFuture::join);

			assertThat(printer.maxConcurrentConnections()).isOne();
			await().atMost(WAIT).until(() -> printer.received().size() == 40);
		}
	}

}
