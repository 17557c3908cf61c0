package io.eventops.agent;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Everything written to {@code System.out} and {@code System.err} while it is open, also
 * passed on: the services' logs (Logback's console appender writes to the current
 * {@code System.out}) and the agent's own lines on {@code System.err} (#38's log test).
 */
final class LogCapture implements AutoCloseable {

	private final PrintStream out = System.out;

	private final PrintStream err = System.err;

	private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

	LogCapture() {
		System.setOut(tee(this.out));
		System.setErr(tee(this.err));
	}

	private PrintStream tee(PrintStream original) {
		return new PrintStream(new OutputStream() {

			@Override
			public void write(int b) {
				synchronized (LogCapture.this.captured) {
					LogCapture.this.captured.write(b);
				}
				original.write(b);
			}

			@Override
			public void write(byte[] bytes, int offset, int length) {
				synchronized (LogCapture.this.captured) {
					LogCapture.this.captured.write(bytes, offset, length);
				}
				original.write(bytes, offset, length);
			}

		}, true, StandardCharsets.UTF_8);
	}

	/** What was written so far. */
	String text() {
		synchronized (this.captured) {
			return this.captured.toString(StandardCharsets.UTF_8);
		}
	}

	@Override
	public void close() {
		System.setOut(this.out);
		System.setErr(this.err);
	}

}
