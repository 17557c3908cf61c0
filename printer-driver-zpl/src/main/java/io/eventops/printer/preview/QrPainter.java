package io.eventops.printer.preview;

import java.awt.Graphics2D;

import com.google.zxing.qrcode.encoder.ByteMatrix;

import io.eventops.printer.zpl.QrBlock;
import io.eventops.printer.zpl.QrSymbols;

/**
 * Draws the QR block module by module at the printer's magnification.
 */
final class QrPainter {

	private QrPainter() {
	}

	static void paint(Graphics2D graphics, QrBlock qr) {
		ByteMatrix matrix = QrSymbols.encode(qr.payload()).getMatrix();
		int size = qr.magnification();
		for (int row = 0; row < matrix.getHeight(); row++) {
			for (int column = 0; column < matrix.getWidth(); column++) {
				if (matrix.get(column, row) == 1) {
					graphics.fillRect(qr.x() + column * size, qr.y() + row * size, size, size);
				}
			}
		}
	}

}
