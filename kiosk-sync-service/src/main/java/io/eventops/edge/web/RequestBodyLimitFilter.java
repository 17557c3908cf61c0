package io.eventops.edge.web;

import java.io.IOException;
import java.time.Duration;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Caps every request body of the edge at {@link BodyReader#MAX_BYTES} and gives it
 * {@code eventops.edge.requests.body-read-timeout} from the request's arrival to come in
 * whole, whoever reads it (a controller of its own, or Spring's message converters).
 * <p>
 * The servlet API has no deadline for a blocking read, so the deadline is checked around
 * every read: a body that trickles in is refused (408) at its first bytes after the
 * deadline, and a client that stops sending altogether is cut off by the server's
 * connection timeout. Either way the refusal goes through the exception handler as an RFC
 * 9457 problem, and Tomcat closes the connection after a 408 or 413 instead of reading
 * the rest.
 */
class RequestBodyLimitFilter extends OncePerRequestFilter {

	private final Duration timeout;

	RequestBodyLimitFilter(RequestLimitProperties properties) {
		this.timeout = properties.bodyReadTimeout();
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		chain.doFilter(new LimitedRequest(request, System.nanoTime() + this.timeout.toNanos(), this.timeout), response);
	}

	private static final class LimitedRequest extends HttpServletRequestWrapper {

		private final long deadline;

		private final Duration timeout;

		private LimitedBody body;

		LimitedRequest(HttpServletRequest request, long deadline, Duration timeout) {
			super(request);
			this.deadline = deadline;
			this.timeout = timeout;
		}

		@Override
		public ServletInputStream getInputStream() throws IOException {
			if (this.body == null) {
				this.body = new LimitedBody(super.getInputStream(), getContentLengthLong(), this.deadline,
						this.timeout);
			}
			return this.body;
		}

	}

	private static final class LimitedBody extends ServletInputStream {

		private final ServletInputStream in;

		private final long declaredLength;

		private final long deadline;

		private final Duration timeout;

		private long read;

		LimitedBody(ServletInputStream in, long declaredLength, long deadline, Duration timeout) {
			this.in = in;
			this.declaredLength = declaredLength;
			this.deadline = deadline;
			this.timeout = timeout;
		}

		@Override
		public int read() throws IOException {
			before();
			int b = this.in.read();
			if (b != -1) {
				after(1);
			}
			return b;
		}

		@Override
		public int read(byte[] buffer, int offset, int length) throws IOException {
			before();
			int n = this.in.read(buffer, offset, length);
			if (n > 0) {
				after(n);
			}
			return n;
		}

		private void before() {
			if (this.declaredLength > BodyReader.MAX_BYTES) {
				throw EdgeException.tooLarge(BodyReader.MAX_BYTES);
			}
			checkDeadline();
		}

		private void after(int n) {
			this.read += n;
			if (this.read > BodyReader.MAX_BYTES) {
				throw EdgeException.tooLarge(BodyReader.MAX_BYTES);
			}
			checkDeadline();
		}

		// by difference: nanoTime may wrap
		private void checkDeadline() {
			if (System.nanoTime() - this.deadline > 0) {
				throw EdgeException.bodyTooSlow(this.timeout);
			}
		}

		@Override
		public boolean isFinished() {
			return this.in.isFinished();
		}

		@Override
		public boolean isReady() {
			return this.in.isReady();
		}

		@Override
		public void setReadListener(ReadListener listener) {
			this.in.setReadListener(listener);
		}

	}

}
