package io.eventops.edge.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

import jakarta.servlet.http.HttpServletRequest;

/**
 * Reads a request body up to a limit, refusing a larger one before it is buffered whole:
 * a declared {@code Content-Length} over the limit is refused unread, and a chunked body
 * is counted while it is read. The read deadline is the request's
 * ({@link RequestBodyLimitFilter}).
 */
public final class BodyReader {

	/**
	 * The contract's flush body limit, 1 MiB, and the most any body of the edge carries.
	 */
	public static final int MAX_BYTES = 1024 * 1024;

	private BodyReader() {
	}

	/**
	 * Reads a request's body.
	 * @param request the request
	 * @param limit the most bytes this body may carry
	 * @return the body
	 * @throws IOException when the connection fails
	 * @throws EdgeException 413 over the limit, 408 past the read deadline
	 */
	public static byte[] read(HttpServletRequest request, int limit) throws IOException {
		return read(request.getInputStream(), request.getContentLengthLong(), limit);
	}

	static byte[] read(InputStream in, long declaredLength, int limit) throws IOException {
		if (declaredLength > limit) {
			throw EdgeException.tooLarge(limit);
		}
		ByteArrayOutputStream body = new ByteArrayOutputStream((declaredLength > 0) ? (int) declaredLength : 8192);
		byte[] buffer = new byte[8192];
		long total = 0;
		int read;
		while ((read = in.read(buffer)) != -1) {
			total += read;
			if (total > limit) {
				throw EdgeException.tooLarge(limit);
			}
			body.write(buffer, 0, read);
		}
		return body.toByteArray();
	}

}
