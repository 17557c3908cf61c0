package io.eventops.printer.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A tiny TCP printer for client tests: answers each control command with scripted chunks,
 * each written and flushed on its own, serves connections concurrently and counts them.
 */
final class ScriptedPrinter implements AutoCloseable {

	private static final Pattern COMMAND = Pattern.compile("~(HQES|HS|HI|JA)");

	private final ServerSocket server;

	private final ExecutorService threads = Executors.newCachedThreadPool();

	private final Function<String, List<String>> script;

	private final AtomicInteger active = new AtomicInteger();

	private final AtomicInteger maxActive = new AtomicInteger();

	private final List<byte[]> received = new CopyOnWriteArrayList<>();

	/**
	 * @param script chunks to send for a command (without tilde); an empty list sends
	 * nothing
	 */
	ScriptedPrinter(Function<String, List<String>> script) throws IOException {
		this.script = script;
		this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		this.threads.execute(this::acceptLoop);
	}

	PrinterAddress address() {
		return new PrinterAddress("127.0.0.1", this.server.getLocalPort());
	}

	int maxConcurrentConnections() {
		return this.maxActive.get();
	}

	/** Everything each connection sent, one entry per connection. */
	List<String> received() {
		return this.received.stream().map((bytes) -> new String(bytes, StandardCharsets.UTF_8)).toList();
	}

	@Override
	public void close() throws IOException {
		this.server.close();
		this.threads.shutdownNow();
	}

	private void acceptLoop() {
		while (!this.server.isClosed()) {
			try {
				Socket socket = this.server.accept();
				this.threads.execute(() -> serve(socket));
			}
			catch (IOException ex) {
				return;
			}
		}
	}

	private static int completingChunk(List<String> chunks) {
		for (int i = chunks.size() - 1; i >= 0; i--) {
			if (chunks.get(i).indexOf('\u0003') >= 0) {
				return i;
			}
		}
		return chunks.size() - 1;
	}

	// A connection counts as active from accept until its reply is complete: counting
	// down right before the chunk with the last ETX goes out means a client that waits
	// for the reply before opening its next connection can never be seen overlapping
	// itself.
	private void serve(Socket socket) {
		this.maxActive.accumulateAndGet(this.active.incrementAndGet(), Math::max);
		boolean counted = true;
		ByteArrayOutputStream all = new ByteArrayOutputStream();
		try (socket) {
			socket.setTcpNoDelay(true);
			InputStream in = socket.getInputStream();
			OutputStream out = socket.getOutputStream();
			StringBuilder pending = new StringBuilder();
			byte[] buffer = new byte[1024];
			int read;
			while ((read = in.read(buffer)) >= 0) {
				all.write(buffer, 0, read);
				pending.append(new String(buffer, 0, read, StandardCharsets.ISO_8859_1));
				Matcher matcher = COMMAND.matcher(pending);
				int end = 0;
				while (matcher.find()) {
					List<String> chunks = this.script.apply(matcher.group(1));
					int completing = completingChunk(chunks);
					for (int i = 0; i < chunks.size(); i++) {
						if (i == completing && counted) {
							this.active.decrementAndGet();
							counted = false;
						}
						out.write(chunks.get(i).getBytes(StandardCharsets.ISO_8859_1));
						out.flush();
					}
					end = matcher.end();
				}
				pending.delete(0, end);
			}
		}
		catch (IOException ex) {
			// the client hung up
		}
		finally {
			this.received.add(all.toByteArray());
			if (counted) {
				this.active.decrementAndGet();
			}
		}
	}

}
