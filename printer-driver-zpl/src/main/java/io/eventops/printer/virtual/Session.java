package io.eventops.printer.virtual;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Serves one raw TCP session: queues received formats and answers control commands and
 * Set-Get-Do queries.
 */
final class Session implements Listener.SessionHandler {

	// closes a connection a client forgot, so it cannot block the printer's single
	// session
	private static final int IDLE_TIMEOUT_MILLIS = 30_000;

	private static final Pattern GETVAR = Pattern.compile("!\\s*U1\\s+getvar\\s+\"([^\"]*)\"\\s*",
			Pattern.CASE_INSENSITIVE);

	private static final String LABEL_COUNT = "odometer.total_label_count";

	private final PrintEngine engine;

	private final int dpi;

	private final int labelLengthDots;

	private final boolean odometer;

	// how the counter getvar is answered now (a fault injection)
	private volatile CounterReply counterReply = CounterReply.COUNT;

	Session(PrintEngine engine, int dpi, int labelLengthDots, boolean odometer) {
		this.engine = engine;
		this.dpi = dpi;
		this.labelLengthDots = labelLengthDots;
		this.odometer = odometer;
	}

	@Override
	public void serve(Socket socket) throws IOException {
		socket.setSoTimeout(IDLE_TIMEOUT_MILLIS);
		socket.setTcpNoDelay(true);
		ZplStreamParser parser = new ZplStreamParser();
		InputStream in = socket.getInputStream();
		OutputStream out = socket.getOutputStream();
		byte[] buffer = new byte[8192];
		int read;
		while ((read = in.read(buffer)) >= 0) {
			for (ZplStreamParser.Item item : parser.feed(buffer, read)) {
				String reply = switch (item) {
					case ZplStreamParser.Format format -> {
						this.engine.enqueue(format.zpl());
						yield null;
					}
					case ZplStreamParser.Command command -> execute(command.code(), parser.partialFormat());
					case ZplStreamParser.SetGetDo line -> setGetDo(line.line());
				};
				if (reply != null) {
					out.write(reply.getBytes(StandardCharsets.ISO_8859_1));
					out.flush();
				}
			}
		}
	}

	// Link-OS answers getvar with the value in double quotes and no line end, "?" for a
	// variable it does not know; an older printer without the odometer knows none of it.
	private String setGetDo(String line) {
		Matcher getvar = GETVAR.matcher(line);
		if (!getvar.matches()) {
			return null;
		}
		String name = getvar.group(1).toLowerCase(Locale.ROOT);
		if (this.odometer && name.equals(LABEL_COUNT)) {
			return switch (this.counterReply) {
				case COUNT -> "\"" + this.engine.snapshot().labelCount() + "\"";
				case UNKNOWN -> "\"?\"";
				case SILENT -> null;
			};
		}
		return "\"?\"";
	}

	void counterReply(CounterReply reply) {
		this.counterReply = reply;
	}

	/**
	 * How a printer with the label counter answers the counter's getvar.
	 */
	enum CounterReply {

		/** With the count, as it should. */
		COUNT,

		/** With {@code "?"}, as after a firmware change that lost the counter. */
		UNKNOWN,

		/** Not at all, while {@code ~HS} still answers. */
		SILENT

	}

	private String execute(String code, boolean partialFormat) {
		EngineSnapshot state = this.engine.snapshot();
		switch (code) {
			case "HS":
				// Zebra printers send nothing for ~HS in media out, ribbon out, head
				// open, rewinder full and head over-temperature
				if (state.paperOut() || state.headOpen()) {
					return null;
				}
				return StatusReplies.hostStatus(state, this.labelLengthDots, partialFormat);
			case "HQES":
				return StatusReplies.extendedStatus(state);
			case "HI":
				return StatusReplies.identity(this.dpi);
			case "JA":
				this.engine.cancelAll();
				return null;
			case "PP":
				this.engine.pause(true);
				return null;
			case "PS":
				this.engine.pause(false);
				return null;
			default:
				return null;
		}
	}

}
