package io.eventops.printer.zpl;

import java.awt.image.BufferedImage;
import java.awt.image.Raster;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.zip.Deflater;

/**
 * Encodes a one-bit image as a ZPL {@code ^GFA} graphic field in the Z64 form: the rows
 * of dots (1 = black), deflated, base64 and a CRC of the base64 text.
 */
public final class GraphicField {

	private GraphicField() {
	}

	/**
	 * The {@code ^GFA} command of an image, without {@code ^FO} and {@code ^FS}.
	 * @param image a black-on-white image (a pixel darker than mid-grey prints)
	 * @return {@code ^GFA,bytes,bytes,bytesPerRow,:Z64:data:crc}
	 */
	public static String z64(BufferedImage image) {
		int bytesPerRow = (image.getWidth() + 7) / 8;
		byte[] dots = dots(image, bytesPerRow);
		String data = Base64.getEncoder().encodeToString(deflate(dots));
		return "^GFA," + dots.length + "," + dots.length + "," + bytesPerRow + ",:Z64:" + data + ":"
				+ HexFormat.of().withUpperCase().toHexDigits((short) crc16(data.getBytes(StandardCharsets.US_ASCII)));
	}

	static byte[] dots(BufferedImage image, int bytesPerRow) {
		byte[] dots = new byte[bytesPerRow * image.getHeight()];
		Raster raster = image.getRaster();
		boolean binary = image.getType() == BufferedImage.TYPE_BYTE_BINARY;
		for (int y = 0; y < image.getHeight(); y++) {
			for (int x = 0; x < image.getWidth(); x++) {
				boolean black = binary ? raster.getSample(x, y, 0) == 0 : luminance(image.getRGB(x, y)) < 128;
				if (black) {
					dots[y * bytesPerRow + x / 8] |= (byte) (0x80 >>> (x % 8));
				}
			}
		}
		return dots;
	}

	private static int luminance(int rgb) {
		return (((rgb >> 16) & 0xFF) * 299 + ((rgb >> 8) & 0xFF) * 587 + (rgb & 0xFF) * 114) / 1000;
	}

	private static byte[] deflate(byte[] input) {
		Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
		try {
			deflater.setInput(input);
			deflater.finish();
			byte[] buffer = new byte[Math.max(64, input.length / 4)];
			java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(buffer.length);
			while (!deflater.finished()) {
				out.write(buffer, 0, deflater.deflate(buffer));
			}
			return out.toByteArray();
		}
		finally {
			deflater.end();
		}
	}

	// CRC-16/XMODEM (polynomial 0x1021, initial 0) over the base64 text, as Zebra's Z64
	// specifies; a printer that finds it wrong discards the field
	static int crc16(byte[] data) {
		int crc = 0;
		for (byte b : data) {
			crc ^= (b & 0xFF) << 8;
			for (int bit = 0; bit < 8; bit++) {
				crc = ((crc & 0x8000) != 0) ? (crc << 1) ^ 0x1021 : crc << 1;
			}
			crc &= 0xFFFF;
		}
		return crc;
	}

}
