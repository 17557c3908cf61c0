package io.eventops.printer.client;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import io.eventops.printer.status.Frames;

/**
 * One short-lived TCP session with a printer, holding the printer's connection lock while
 * it is open.
 */
final class Connection implements AutoCloseable {

	private final PrinterAddress address;

	private final ClientSettings settings;

	private final ReentrantLock lock;

	private final Socket socket;

	private Connection(PrinterAddress address, ClientSettings settings, ReentrantLock lock, Socket socket) {
		this.address = address;
		this.settings = settings;
		this.lock = lock;
		this.socket = socket;
	}

	static Connection open(PrinterAddress address, ClientSettings settings) throws IOException {
		ReentrantLock lock = PrinterLocks.connection(address);
		try {
			lock.lockInterruptibly();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new InterruptedIOException("interrupted waiting for " + address);
		}
		Socket socket = new Socket();
		try {
			socket.setTcpNoDelay(true);
			socket.connect(new InetSocketAddress(address.host(), address.port()),
					(int) settings.connectTimeout().toMillis());
			return new Connection(address, settings, lock, socket);
		}
		catch (IOException | RuntimeException ex) {
			closeQuietly(socket);
			lock.unlock();
			throw new PrinterConnectException("cannot connect to printer " + address + ": " + ex, ex);
		}
	}

	void write(byte[] data) throws IOException {
		OutputStream out = this.socket.getOutputStream();
		out.write(data);
		out.flush();
	}

	/**
	 * Reads until the given number of ETX characters arrived: replies are framed, and a
	 * reply split across TCP segments is only complete at its last ETX.
	 * @param frames number of {@code STX…ETX} strings the reply has
	 * @return the reply, one char per byte (replies are ASCII)
	 * @throws SocketTimeoutException when the reply is not complete within the read
	 * timeout
	 */
	String readFrames(int frames) throws IOException {
		long deadline = System.nanoTime() + this.settings.readTimeout().toNanos();
		InputStream in = this.socket.getInputStream();
		StringBuilder reply = new StringBuilder(128);
		byte[] buffer = new byte[512];
		int seen = 0;
		while (seen < frames) {
			long remaining = deadline - System.nanoTime();
			if (remaining <= 0) {
				throw new SocketTimeoutException(
						"no complete reply from " + this.address + " (" + seen + " of " + frames + " strings)");
			}
			this.socket.setSoTimeout((int) Math.max(1, TimeUnit.NANOSECONDS.toMillis(remaining)));
			int read;
			try {
				read = in.read(buffer);
			}
			catch (SocketTimeoutException ex) {
				throw new SocketTimeoutException(
						"no complete reply from " + this.address + " (" + seen + " of " + frames + " strings)");
			}
			if (read < 0) {
				throw new EOFException("printer " + this.address + " closed the connection after " + seen + " of "
						+ frames + " strings");
			}
			for (int i = 0; i < read; i++) {
				char c = (char) (buffer[i] & 0xFF);
				reply.append(c);
				if (c == Frames.ETX) {
					seen++;
				}
			}
		}
		// take the trailing CR LF if it is already here, so closing does not reset the
		// session
		int available = in.available();
		if (available > 0) {
			in.readNBytes(Math.min(available, buffer.length));
		}
		return reply.toString();
	}

	/**
	 * Reads a Set-Get-Do answer: a value in double quotes, which Link-OS sends without a
	 * line end, so the reply is complete at its second quote.
	 * @return the value between the quotes
	 * @throws SocketTimeoutException when the value is not complete within the read
	 * timeout (a printer without Set-Get-Do stays silent)
	 */
	String readQuoted() throws IOException {
		long deadline = System.nanoTime() + this.settings.readTimeout().toNanos();
		InputStream in = this.socket.getInputStream();
		StringBuilder reply = new StringBuilder(16);
		int quotes = 0;
		while (quotes < 2) {
			long remaining = deadline - System.nanoTime();
			if (remaining <= 0) {
				throw new SocketTimeoutException("no complete getvar reply from " + this.address);
			}
			this.socket.setSoTimeout((int) Math.max(1, TimeUnit.NANOSECONDS.toMillis(remaining)));
			int c;
			try {
				c = in.read();
			}
			catch (SocketTimeoutException ex) {
				throw new SocketTimeoutException("no complete getvar reply from " + this.address);
			}
			if (c < 0) {
				throw new EOFException("printer " + this.address + " closed the connection during a getvar reply");
			}
			if (c == '"') {
				quotes++;
			}
			else if (quotes == 1) {
				reply.append((char) c);
			}
		}
		return reply.toString();
	}

	@Override
	public void close() {
		try {
			closeQuietly(this.socket);
		}
		finally {
			this.lock.unlock();
		}
	}

	private static void closeQuietly(Socket socket) {
		try {
			socket.close();
		}
		catch (IOException ex) {
			// nothing left to release
		}
	}

}
