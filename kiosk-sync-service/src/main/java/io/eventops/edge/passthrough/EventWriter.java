package io.eventops.edge.passthrough;

import java.io.IOException;
import java.io.PrintWriter;

/**
 * Writes Server-Sent Events to a response and flushes each one, so it reaches the kiosk
 * at once; a kiosk that went away shows as an {@link IOException}.
 */
final class EventWriter {

	private final PrintWriter out;

	EventWriter(PrintWriter out) {
		this.out = out;
	}

	/**
	 * Sends one event.
	 * @param id its id ({@code Last-Event-ID} on reconnect), or {@code null} for none
	 * @param name its name
	 * @param data one line of JSON
	 * @throws IOException when the kiosk is gone
	 */
	void send(String id, String name, String data) throws IOException {
		StringBuilder event = new StringBuilder();
		if (id != null) {
			event.append("id:").append(id).append('\n');
		}
		event.append("event:").append(name).append('\n');
		// JSON from the reconciler is one line; a line break would end the field
		event.append("data:").append(data.replace("\r", "").replace("\n", "")).append("\n\n");
		write(event.toString());
	}

	/**
	 * Sends a comment, which clients ignore: keeps the connection alive and shows whether
	 * the kiosk is still there.
	 * @param text the comment
	 * @throws IOException when the kiosk is gone
	 */
	void comment(String text) throws IOException {
		write(":" + text + "\n\n");
	}

	private void write(String text) throws IOException {
		this.out.write(text);
		this.out.flush();
		// a PrintWriter swallows I/O errors: ask it, or a gone kiosk would hold its slot
		if (this.out.checkError()) {
			throw new IOException("the kiosk closed the stream");
		}
	}

}
