package io.eventops.printer.virtual;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Runs one virtual printer as a process, optionally with its HTTP control port.
 */
@Command(name = "virtual-printer", mixinStandardHelpOptions = true, versionProvider = VirtualPrinterMain.Version.class,
		description = "A virtual Zebra printer speaking ZPL on raw TCP, with fault injection.")
public final class VirtualPrinterMain implements Callable<Integer> {

	@Option(names = "--port", defaultValue = "9100",
			description = "raw ZPL port, 0 = ephemeral (default ${DEFAULT-VALUE})")
	int port;

	@Option(names = "--host", defaultValue = "127.0.0.1",
			description = "address to bind, 0.0.0.0 in a container (default ${DEFAULT-VALUE})")
	String host;

	@Option(names = "--name", defaultValue = "virtual-zebra", description = "printer name (default ${DEFAULT-VALUE})")
	String name;

	@Option(names = "--label-millis", defaultValue = "1500",
			description = "time one label takes to print (default ${DEFAULT-VALUE})")
	long labelMillis;

	@Option(names = "--dpi", defaultValue = "203", description = "printhead resolution (default ${DEFAULT-VALUE})")
	int dpi;

	@Option(names = "--control-port", defaultValue = "-1",
			description = "HTTP control port on the same host, 0 = ephemeral, -1 = none (default ${DEFAULT-VALUE})")
	int controlPort;

	@Option(names = "--no-odometer",
			description = "an older printer without the label counter: getvar \"odometer.total_label_count\" answers \"?\"")
	boolean noOdometer;

	private final CountDownLatch stopped = new CountDownLatch(1);

	/**
	 * Starts the printer and runs until the process is stopped.
	 * @param args command line arguments, see {@code --help}
	 */
	public static void main(String[] args) {
		System.exit(new CommandLine(new VirtualPrinterMain()).execute(args));
	}

	@Override
	public Integer call() throws IOException, InterruptedException {
		Running running = start();
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			running.close();
			this.stopped.countDown();
		}, "virtual-printer-shutdown"));
		this.stopped.await();
		return 0;
	}

	Running start() throws IOException {
		VirtualPrinterConfig config = new VirtualPrinterConfig(this.name, this.host, this.port,
				Duration.ofMillis(this.labelMillis), this.dpi, true, !this.noOdometer);
		VirtualPrinter printer = VirtualPrinter.start(config);
		ControlServer control = null;
		try {
			if (this.controlPort >= 0) {
				control = ControlServer.start(printer, this.host, this.controlPort);
			}
		}
		catch (IOException ex) {
			printer.close();
			throw ex;
		}
		System.out.println("virtual printer " + this.name + " listening on " + this.host + ":" + printer.port()
				+ ((control != null) ? ", control on http://" + this.host + ":" + control.port() : ""));
		return new Running(printer, control);
	}

	/**
	 * Reports the version of the jar the launcher runs from.
	 */
	static final class Version implements CommandLine.IVersionProvider {

		@Override
		public String[] getVersion() {
			String version = VirtualPrinterMain.class.getPackage().getImplementationVersion();
			return new String[] { "virtual-printer " + ((version != null) ? version : "(development build)") };
		}

	}

	/**
	 * A started printer and its control port.
	 *
	 * @param printer the printer
	 * @param control the control port, null when not requested
	 */
	record Running(VirtualPrinter printer, ControlServer control) implements AutoCloseable {

		@Override
		public void close() {
			if (this.control != null) {
				this.control.close();
			}
			this.printer.close();
		}

	}

}
