package io.eventops.printer.virtual;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import io.eventops.printer.client.ConfirmationMode;
import io.eventops.printer.client.ZebraClient;
import io.eventops.printer.status.PrinterIdentity;

import static org.assertj.core.api.Assertions.assertThat;

class VirtualPrinterMainTests {

	@Test
	void startsAPrinterAndItsControlPortFromTheCommandLine() throws Exception {
		VirtualPrinterMain main = CommandLine.populateCommand(new VirtualPrinterMain(), "--port", "0", "--host",
				"127.0.0.1", "--name", "hall-a-1", "--label-millis", "25", "--dpi", "300", "--control-port", "0");

		try (VirtualPrinterMain.Running running = main.start()) {
			VirtualPrinter printer = running.printer();
			assertThat(printer.name()).isEqualTo("hall-a-1");
			assertThat(printer.state().labelTime().toMillis()).isEqualTo(25);
			PrinterIdentity identity = new ZebraClient("127.0.0.1", printer.port()).identify();
			assertThat(identity.dpi()).isEqualTo(300);

			HttpResponse<String> status = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + running.control().port() + "/status"))
					.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(status.body()).contains("\"printer\":\"hall-a-1\"");
		}
	}

	@Test
	void noOdometerMakesAnOlderPrinterWithoutTheLabelCounter() throws IOException {
		VirtualPrinterMain main = CommandLine.populateCommand(new VirtualPrinterMain(), "--port", "0", "--no-odometer");

		try (VirtualPrinterMain.Running running = main.start()) {
			ZebraClient client = new ZebraClient("127.0.0.1", running.printer().port());
			assertThat(client.labelCount()).isEmpty();
			assertThat(client.confirmationMode()).isEqualTo(ConfirmationMode.HOST_STATUS);
		}
	}

	@Test
	void answersTheLabelCounterByDefault() throws IOException {
		VirtualPrinterMain main = CommandLine.populateCommand(new VirtualPrinterMain(), "--port", "0");

		try (VirtualPrinterMain.Running running = main.start()) {
			ZebraClient client = new ZebraClient("127.0.0.1", running.printer().port());
			assertThat(client.labelCount()).hasValue(0);
			assertThat(client.confirmationMode()).isEqualTo(ConfirmationMode.LABEL_COUNTER);
		}
	}

	@Test
	void runsWithoutControlPortByDefault() throws IOException {
		VirtualPrinterMain main = CommandLine.populateCommand(new VirtualPrinterMain(), "--port", "0");

		try (VirtualPrinterMain.Running running = main.start()) {
			assertThat(running.control()).isNull();
			assertThat(running.printer().name()).isEqualTo("virtual-zebra");
			assertThat(running.printer().host()).isEqualTo("127.0.0.1");
		}
	}

}
