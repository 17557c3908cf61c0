package io.eventops.edge;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

import javax.net.ssl.SSLSocket;

/**
 * One HTTP/1.1 request to the edge over a real TLS socket whose body the test writes at
 * its own pace (a client that trickles its body, or declares more than it sends), which
 * {@link EdgeClient} cannot do; the connection is closed after the answer.
 */
public final class RawHttpsRequest implements AutoCloseable {

	private final SSLSocket socket;

	private final OutputStream out;

	private RawHttpsRequest(SSLSocket socket) throws IOException {
		this.socket = socket;
		this.out = socket.getOutputStream();
	}

	/**
	 * Opens the connection and sends the request line and headers.
	 * @param port the edge's port
	 * @param method the method
	 * @param path the path
	 * @param headers the headers besides {@code Host}
	 * @return the request, its body not sent yet
	 */
	public static RawHttpsRequest open(int port, String method, String path, Map<String, String> headers) {
		try {
			SSLSocket socket = (SSLSocket) EdgeClient.trusting().getSocketFactory().createSocket("localhost", port);
			RawHttpsRequest request = new RawHttpsRequest(socket);
			StringBuilder head = new StringBuilder(
					method + " " + path + " HTTP/1.1\r\nHost: localhost:" + port + "\r\n");
			headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
			request.send(head.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
			return request;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Sends bytes of the body.
	 * @param bytes the bytes
	 * @return whether the edge still took them (false once it closed the connection)
	 */
	public boolean send(byte[] bytes) {
		try {
			this.out.write(bytes);
			this.out.flush();
			return true;
		}
		catch (SocketException ex) {
			return false;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Reads the answer, waiting at most the timeout for each read.
	 * @param timeout how long one read may wait
	 * @return the answer
	 */
	public Answer answer(Duration timeout) {
		try {
			this.socket.setSoTimeout((int) timeout.toMillis());
			InputStream in = this.socket.getInputStream();
			ByteArrayOutputStream all = new ByteArrayOutputStream();
			byte[] buffer = new byte[8192];
			int read;
			Answer answer = null;
			while (answer == null && (read = in.read(buffer)) != -1) {
				all.write(buffer, 0, read);
				answer = complete(all.toString(StandardCharsets.ISO_8859_1));
			}
			if (answer == null) {
				throw new IllegalStateException("The edge closed the connection before a whole answer: " + all);
			}
			return answer;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	// the answer once its head and its whole body (by length, or chunks) are in
	private static Answer complete(String text) {
		int end = text.indexOf("\r\n\r\n");
		if (end < 0) {
			return null;
		}
		String head = text.substring(0, end).toLowerCase(Locale.ROOT);
		String body = text.substring(end + 4);
		int status = Integer.parseInt(head.substring(9, 12));
		if (head.contains("transfer-encoding: chunked")) {
			return body.endsWith("0\r\n\r\n") ? new Answer(status, utf8(unchunked(body))) : null;
		}
		int at = head.indexOf("content-length: ");
		if (at < 0) {
			return new Answer(status, "");
		}
		int lineEnd = head.indexOf("\r\n", at);
		int length = Integer.parseInt(head.substring(at + 16, (lineEnd < 0) ? head.length() : lineEnd).trim());
		return (body.length() >= length) ? new Answer(status, utf8(body.substring(0, length))) : null;
	}

	private static String utf8(String latin1) {
		return new String(latin1.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
	}

	private static String unchunked(String chunked) {
		StringBuilder body = new StringBuilder();
		int at = 0;
		while (true) {
			int lineEnd = chunked.indexOf("\r\n", at);
			int size = Integer.parseInt(chunked.substring(at, lineEnd).trim(), 16);
			if (size == 0) {
				return body.toString();
			}
			body.append(chunked, lineEnd + 2, lineEnd + 2 + size);
			at = lineEnd + 2 + size + 2;
		}
	}

	@Override
	public void close() {
		try {
			this.socket.close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The edge's answer.
	 *
	 * @param status the status
	 * @param body the body
	 */
	public record Answer(int status, String body) {
	}

}
