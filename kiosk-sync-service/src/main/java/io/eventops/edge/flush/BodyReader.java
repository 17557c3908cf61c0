package io.eventops.edge.flush;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

import io.eventops.edge.web.EdgeException;

/**
 * Reads a request body up to a limit, refusing a larger one before it is buffered whole:
 * a declared {@code Content-Length} over the limit is refused unread, and a chunked body
 * is counted while it is read.
 */
final class BodyReader {

	/** The contract's body limit: 1 MiB. */
	static final int MAX_BYTES = 1024 * 1024;

	private BodyReader() {
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
