package io.eventops.printer.client;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;

import io.eventops.printer.status.ExtendedStatus;
import io.eventops.printer.status.HostStatusParser;
import io.eventops.printer.status.PrinterIdentity;
import io.eventops.printer.status.PrinterStatus;
import io.eventops.printer.status.StatusFormatException;

/**
 * Talks ZPL to one Zebra printer over raw TCP: sends formats, queries status and
 * identity, cancels buffered formats, and prints with confirmation.
 */
public final class ZebraClient {

	private final PrinterAddress address;

	private final ClientSettings settings;

	/**
	 * Creates a client.
	 * @param address the printer
	 * @param settings socket timeouts
	 */
	public ZebraClient(PrinterAddress address, ClientSettings settings) {
		this.address = Objects.requireNonNull(address, "address");
		this.settings = Objects.requireNonNull(settings, "settings");
	}

	/**
	 * Creates a client with default timeouts.
	 * @param host printer host
	 * @param port printer port, usually {@value PrinterAddress#RAW_PORT}
	 */
	public ZebraClient(String host, int port) {
		this(new PrinterAddress(host, port), ClientSettings.DEFAULTS);
	}

	/**
	 * The printer this client talks to.
	 * @return its address
	 */
	public PrinterAddress address() {
		return this.address;
	}

	/**
	 * Sends a format (or any ZPL) as UTF-8. Returning normally means the bytes were
	 * handed to the network, not that anything printed.
	 * @param zpl the ZPL
	 * @throws PrinterConnectException when no connection could be opened (nothing was
	 * sent)
	 * @throws IOException when the connection failed while sending (some bytes may have
	 * arrived)
	 */
	public void send(String zpl) throws IOException {
		try (Connection connection = Connection.open(this.address, this.settings)) {
			connection.write(zpl.getBytes(StandardCharsets.UTF_8));
		}
	}

	/**
	 * Queries {@code ~HS}.
	 * @return the status, source HOST_STATUS
	 * @throws SocketTimeoutException when the printer does not answer (as in paper out,
	 * head open and other error states)
	 * @throws IOException on connection failure
	 * @throws StatusFormatException on a malformed reply
	 */
	public PrinterStatus hostStatus() throws IOException {
		return HostStatusParser.parse(query("~HS", 3));
	}

	/**
	 * Queries {@code ~HQES}.
	 * @return the error and warning flags
	 * @throws IOException on connection failure or timeout
	 * @throws StatusFormatException on a malformed reply
	 */
	public ExtendedStatus extendedStatus() throws IOException {
		return ExtendedStatus.parse(query("~HQES", 1));
	}

	/**
	 * Queries {@code ~HI}.
	 * @return model, firmware, resolution and memory
	 * @throws IOException on connection failure or timeout
	 * @throws StatusFormatException on a malformed reply
	 */
	public PrinterIdentity identify() throws IOException {
		return PrinterIdentity.parse(query("~HI", 1));
	}

	/**
	 * Sends {@code ~JA}: the printer drops every buffered format (the label being printed
	 * may still finish).
	 * @throws IOException on connection failure
	 */
	public void cancelAll() throws IOException {
		send("~JA");
	}

	/**
	 * Reads the printer's status without ever throwing: {@code ~HS}, falling back to
	 * {@code ~HQES} when {@code ~HS} gets no reply, and an unreachable status when
	 * neither can be read.
	 * @return the best reading available
	 */
	public PrinterStatus probe() {
		try {
			return hostStatus();
		}
		catch (PrinterConnectException ex) {
			return PrinterStatus.unreachable(ex.getMessage());
		}
		catch (SocketTimeoutException ex) {
			// Printers do not answer ~HS while in media out, ribbon out, head open or
			// over-temperature, but they still answer ~HQES.
			try {
				return extendedStatus().toPrinterStatus();
			}
			catch (IOException | StatusFormatException fallback) {
				return PrinterStatus.unreachable("no reply to ~HS, ~HQES failed: " + fallback.getMessage());
			}
		}
		catch (IOException | StatusFormatException ex) {
			return PrinterStatus.unreachable("~HS failed: " + ex.getMessage());
		}
	}

	/**
	 * Prints one format and waits for the printer to confirm it: the format is only sent
	 * to a printer that is ready and idle, and it counts as printed only once the printer
	 * reports an empty buffer, no labels remaining and ready again.
	 * @param zpl one format
	 * @param policy how long and how often to poll for confirmation
	 * @return PRINTED, UNKNOWN or NOT_SENT, never throws
	 */
	public PrintResult print(String zpl, ConfirmationPolicy policy) {
		ReentrantLock printLock = PrinterLocks.print(this.address);
		printLock.lock();
		try {
			return PrintConfirmation.print(this, zpl, policy);
		}
		finally {
			printLock.unlock();
		}
	}

	/**
	 * Prints one format with the default confirmation policy (30 s, polling every 250
	 * ms).
	 * @param zpl one format
	 * @return PRINTED, UNKNOWN or NOT_SENT, never throws
	 */
	public PrintResult print(String zpl) {
		return print(zpl, ConfirmationPolicy.DEFAULTS);
	}

	private String query(String command, int frames) throws IOException {
		try (Connection connection = Connection.open(this.address, this.settings)) {
			connection.write(command.getBytes(StandardCharsets.US_ASCII));
			return connection.readFrames(frames);
		}
	}

}
