package io.eventops.edge.kiosk;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.Map;

import javax.imageio.ImageIO;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.qrcode.QRCodeWriter;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;

/**
 * The QR image of an enrolment code (ZXing, as the badges' codes): a PNG as a
 * {@code data:} URI that an admin page or a printout shows as it is.
 */
final class EnrolmentQr {

	// pixels per module: a 21-module code with its quiet zone is about 200 px wide
	private static final int SCALE = 8;

	private EnrolmentQr() {
	}

	static String dataUri(String code) {
		BitMatrix matrix;
		try {
			matrix = new QRCodeWriter().encode(code, BarcodeFormat.QR_CODE, 0, 0,
					Map.of(EncodeHintType.ERROR_CORRECTION, ErrorCorrectionLevel.M, EncodeHintType.MARGIN, 4));
		}
		catch (WriterException ex) {
			throw new IllegalStateException("An 11-character code always fits a QR code", ex);
		}
		int width = matrix.getWidth() * SCALE;
		int height = matrix.getHeight() * SCALE;
		BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_BINARY);
		for (int y = 0; y < height; y++) {
			for (int x = 0; x < width; x++) {
				image.setRGB(x, y, matrix.get(x / SCALE, y / SCALE) ? 0xFF000000 : 0xFFFFFFFF);
			}
		}
		ByteArrayOutputStream png = new ByteArrayOutputStream();
		try {
			ImageIO.write(image, "png", png);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return "data:image/png;base64," + Base64.getEncoder().encodeToString(png.toByteArray());
	}

}
