package io.eventops.agent.screen;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A kiosk's network link to the edge for the browser stack: a TCP forwarder on 127.0.0.1
 * (TLS passes through it untouched) that can be cut, closing its listener and every open
 * connection so the kiosk finds the edge unreachable while the edge itself and the other
 * kiosks keep running, and restored on the same port.
 */
final class CuttableLink implements AutoCloseable {

	private final int edgePort;

	private final int port;

	private final Set<Socket> connections = ConcurrentHashMap.newKeySet();

	private volatile ServerSocket listener;

	CuttableLink(int edgePort, int port) throws IOException {
		this.edgePort = edgePort;
		this.port = port;
		restore();
	}

	int port() {
		return this.port;
	}

	synchronized void restore() throws IOException {
		if (this.listener != null) {
			return;
		}
		ServerSocket socket = new ServerSocket();
		socket.setReuseAddress(true);
		socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), this.port), 64);
		this.listener = socket;
		Thread.ofVirtual().start(() -> accept(socket));
	}

	synchronized void cut() {
		ServerSocket socket = this.listener;
		this.listener = null;
		close(socket);
		for (Socket connection : this.connections) {
			close(connection);
		}
		this.connections.clear();
	}

	@Override
	public void close() {
		cut();
	}

	private void accept(ServerSocket socket) {
		while (!socket.isClosed()) {
			Socket kiosk;
			try {
				kiosk = socket.accept();
			}
			catch (IOException ex) {
				// cut: the listener closed
				continue;
			}
			try {
				Socket edge = new Socket(InetAddress.getLoopbackAddress(), this.edgePort);
				this.connections.add(kiosk);
				this.connections.add(edge);
				Thread.ofVirtual().start(() -> pump(kiosk, edge));
				Thread.ofVirtual().start(() -> pump(edge, kiosk));
			}
			catch (IOException ex) {
				// the edge itself is down: the kiosk sees its connection fail
				close(kiosk);
			}
		}
	}

	private void pump(Socket from, Socket to) {
		try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
			in.transferTo(out);
		}
		catch (IOException ex) {
			// either side closed
		}
		finally {
			close(from);
			close(to);
			this.connections.remove(from);
			this.connections.remove(to);
		}
	}

	private static void close(AutoCloseable closeable) {
		if (closeable == null) {
			return;
		}
		try {
			closeable.close();
		}
		catch (Exception ex) {
			// closing anyway
		}
	}

}
