package io.eventops.printer.client;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.locks.ReentrantLock;

import io.eventops.printer.status.ExtendedStatus;
import io.eventops.printer.status.HostStatusParser;
import io.eventops.printer.status.PrinterIdentity;
import io.eventops.printer.status.PrinterStatus;
import io.eventops.printer.status.StatusFormatException;

/**
 * Talks ZPL to one Zebra printer over raw TCP: sends formats, queries status, identity
 * and the label counter, cancels buffered formats, and prints with confirmation.
 */
public final class ZebraClient {

	// Set-Get-Do on the raw port; a printer answers the quoted count, or "?" when it has
	// no such variable
	private static final String GET_LABEL_COUNT = "! U1 getvar \"odometer.total_label_count\"\r\n";

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
	 * Reads the printer's label counter {@code odometer.total_label_count}: the labels it
	 * has really printed, which a dropped format never moves.
	 * @return the count, empty when the printer answers {@code "?"} (no such counter)
	 * @throws SocketTimeoutException when it does not answer (no Set-Get-Do at all)
	 * @throws IOException on connection failure
	 * @throws StatusFormatException when the answer is neither a count nor {@code "?"}
	 */
	public OptionalLong labelCount() throws IOException {
		String value;
		try (Connection connection = Connection.open(this.address, this.settings)) {
			connection.write(GET_LABEL_COUNT.getBytes(StandardCharsets.US_ASCII));
			value = connection.readQuoted().trim();
		}
		if (value.equals("?")) {
			return OptionalLong.empty();
		}
		if (!value.matches("\\d{1,18}")) {
			throw new StatusFormatException("odometer.total_label_count is not a count: \"" + value + "\"");
		}
		return OptionalLong.of(Long.parseLong(value));
	}

	/**
	 * Finds out how this printer can confirm a label: by its label counter when it
	 * answers one, else by {@code ~HS}.
	 * @return the mode
	 * @throws IOException when the printer answers neither the counter nor {@code ~HS}
	 */
	public ConfirmationMode confirmationMode() throws IOException {
		try {
			if (labelCount().isPresent()) {
				return ConfirmationMode.LABEL_COUNTER;
			}
		}
		catch (SocketTimeoutException | StatusFormatException ex) {
			// no usable Set-Get-Do: an older printer, if it answers ~HS
			hostStatus();
		}
		return ConfirmationMode.HOST_STATUS;
	}

	/**
	 * Sends {@code ~JA}: the printer drops every buffered format (the label being printed
	 * may still finish). Only under the printer's print lock, so never while a
	 * confirmation runs in this process: a format dropped mid-confirmation would look
	 * printed to {@code ~HS}.
	 * @throws IOException on connection failure, or when interrupted waiting for the lock
	 */
	public void cancelAll() throws IOException {
		ReentrantLock printLock = PrinterLocks.print(this.address);
		try {
			printLock.lockInterruptibly();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new InterruptedIOException("interrupted waiting to send ~JA to " + this.address);
		}
		try {
			send("~JA");
		}
		finally {
			printLock.unlock();
		}
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
	 * Prints one format and waits for the printer to confirm it, finding out first how
	 * the printer confirms labels.
	 * @param zpl one format
	 * @param policy how long and how often to poll for confirmation
	 * @return PRINTED, UNKNOWN, DROPPED or NOT_SENT, never throws
	 * @see #print(String, ConfirmationPolicy, ConfirmationMode, PrintFence)
	 */
	public PrintResult print(String zpl, ConfirmationPolicy policy) {
		ConfirmationMode mode;
		try {
			mode = confirmationMode();
		}
		catch (IOException | StatusFormatException ex) {
			return new PrintResult(PrintOutcome.NOT_SENT, "printer unreachable: " + ex.getMessage(),
					PrinterStatus.unreachable(String.valueOf(ex.getMessage())));
		}
		return print(zpl, policy, mode, PrintFence.NONE);
	}

	/**
	 * Prints one format and waits for the printer to confirm it. The format is only sent
	 * to a printer that is ready and idle; it counts as printed only when the label
	 * counter moved by the format's labels ({@link ConfirmationMode#LABEL_COUNTER}), or
	 * when {@code ~HS} showed it busy and then idle and ready with no fault, pause or
	 * lost connection in between ({@link ConfirmationMode#HOST_STATUS}).
	 * @param zpl one format
	 * @param policy how long and how often to poll for confirmation
	 * @param mode how this printer confirms labels
	 * @param fence records the counter before the send and ends a confirmation that no
	 * longer counts
	 * @return PRINTED, UNKNOWN, DROPPED or NOT_SENT, never throws
	 */
	public PrintResult print(String zpl, ConfirmationPolicy policy, ConfirmationMode mode, PrintFence fence) {
		ReentrantLock printLock = PrinterLocks.print(this.address);
		printLock.lock();
		try {
			return PrintConfirmation.print(this, zpl, policy, Objects.requireNonNull(mode, "mode"),
					Objects.requireNonNull(fence, "fence"));
		}
		finally {
			printLock.unlock();
		}
	}

	/**
	 * Prints one format with the default confirmation policy (30 s, polling every 250
	 * ms).
	 * @param zpl one format
	 * @return PRINTED, UNKNOWN, DROPPED or NOT_SENT, never throws
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
