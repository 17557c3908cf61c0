package io.eventops.printer.zpl;

import java.util.Map;

import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import com.google.zxing.qrcode.encoder.Encoder;
import com.google.zxing.qrcode.encoder.QRCode;

/**
 * Encodes credential payloads as QR symbols with the error correction level the badge
 * format asks the printer for ({@code Q} in {@code ^FDQA,}).
 */
public final class QrSymbols {

	private QrSymbols() {
	}

	/**
	 * Encodes a payload.
	 * @param payload the credential payload
	 * @return the QR symbol
	 * @throws IllegalArgumentException when the payload does not fit in a QR code
	 */
	public static QRCode encode(String payload) {
		try {
			return Encoder.encode(payload, ErrorCorrectionLevel.Q, Map.of(EncodeHintType.CHARACTER_SET, "UTF-8"));
		}
		catch (WriterException ex) {
			throw new IllegalArgumentException("QR payload cannot be encoded: " + ex.getMessage(), ex);
		}
	}

	/**
	 * The number of modules per side of the symbol for a payload.
	 * @param payload the credential payload
	 * @return 21 for version 1, 4 more per version
	 */
	public static int moduleCount(String payload) {
		return encode(payload).getMatrix().getWidth();
	}

}
