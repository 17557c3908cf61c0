package io.eventops.printer.virtual;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * The virtual printer's TCP port: accepts connections and serves them one at a time, as a
 * Zebra print server serves its raw port.
 */
final class Listener implements AutoCloseable {

	/** Serves one accepted connection until the peer closes it. */
	interface SessionHandler {

		void serve(Socket socket) throws IOException;

	}

	private static final long JOIN_TIMEOUT_MILLIS = 5_000;

	private final ServerSocket server;

	private final SessionHandler handler;

	private Thread thread;

	private Socket current;

	private boolean closed;

	private Listener(ServerSocket server, SessionHandler handler) {
		this.server = server;
		this.handler = handler;
	}

	/**
	 * Binds and starts accepting.
	 * @param host address to bind
	 * @param port port to bind, 0 for an ephemeral one
	 * @param handler serves each connection
	 * @param threadName name of the accepting thread
	 * @return the running listener
	 * @throws IOException when the port cannot be bound
	 */
	static Listener open(String host, int port, SessionHandler handler, String threadName) throws IOException {
		ServerSocket server = new ServerSocket();
		// a blip closes and re-binds the same port while old connections may linger
		server.setReuseAddress(true);
		try {
			server.bind(new InetSocketAddress(host, port), 50);
		}
		catch (IOException ex) {
			server.close();
			throw ex;
		}
		Listener listener = new Listener(server, handler);
		listener.thread = new Thread(listener::run, threadName);
		listener.thread.setDaemon(true);
		listener.thread.start();
		return listener;
	}

	int port() {
		return this.server.getLocalPort();
	}

	/**
	 * Stops accepting (new connections are refused) and drops the connection being
	 * served.
	 */
	@Override
	public void close() {
		Socket socket;
		synchronized (this) {
			this.closed = true;
			socket = this.current;
		}
		closeQuietly(this.server);
		if (socket != null) {
			closeQuietly(socket);
		}
		// While a thread is blocked in accept() the JDK defers releasing the listening
		// socket to that thread, and the kernel keeps completing handshakes until then:
		// only after it ended are new connections really refused.
		if (Thread.currentThread() != this.thread) {
			try {
				this.thread.join(JOIN_TIMEOUT_MILLIS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

	private void run() {
		while (true) {
			Socket socket;
			try {
				socket = this.server.accept();
			}
			catch (IOException ex) {
				return;
			}
			synchronized (this) {
				if (this.closed) {
					closeQuietly(socket);
					return;
				}
				this.current = socket;
			}
			try (socket) {
				this.handler.serve(socket);
			}
			catch (IOException ex) {
				// the peer went away or the printer was cut off; the next session starts
				// clean
			}
			finally {
				synchronized (this) {
					this.current = null;
				}
			}
		}
	}

	private static void closeQuietly(AutoCloseable closeable) {
		try {
			closeable.close();
		}
		catch (Exception ex) {
			// already closed
		}
	}

}
