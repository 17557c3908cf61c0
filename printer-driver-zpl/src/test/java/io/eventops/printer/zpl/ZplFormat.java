package io.eventops.printer.zpl;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads a rendered format back the way a printer would, independently of the renderer:
 * its command sequence and its decoded field data.
 */
final class ZplFormat {

	private final String zpl;

	ZplFormat(String zpl) {
		this.zpl = zpl;
	}

	/** Two-letter codes of every {@code ^} command, in order. */
	List<String> commands() {
		List<String> codes = new ArrayList<>();
		for (String token : tokens()) {
			codes.add(token.substring(0, Math.min(2, token.length())));
		}
		return codes;
	}

	/** The raw data of every {@code ^FD}, in order. */
	List<String> fieldData() {
		List<String> data = new ArrayList<>();
		for (String token : tokens()) {
			if (token.startsWith("FD")) {
				data.add(token.substring(2));
			}
		}
		return data;
	}

	int count(String text) {
		int count = 0;
		for (int i = this.zpl.indexOf(text); i >= 0; i = this.zpl.indexOf(text, i + 1)) {
			count++;
		}
		return count;
	}

	/**
	 * {@code ^FH} with indicator {@code _}: {@code _XX} is one byte, the rest is UTF-8.
	 */
	static String decodeHex(String data) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		byte[] raw = data.getBytes(StandardCharsets.UTF_8);
		for (int i = 0; i < raw.length; i++) {
			if (raw[i] == '_') {
				bytes.write(HexFormat.fromHexDigits(new String(raw, i + 1, 2, StandardCharsets.US_ASCII)));
				i += 2;
			}
			else {
				bytes.write(raw[i]);
			}
		}
		return bytes.toString(StandardCharsets.UTF_8);
	}

	/**
	 * {@code ^FB} escapes: {@code \\} is a backslash, {@code \&} a line break (returned
	 * as LF), {@code \(x)} a soft hyphen (dropped).
	 */
	static String decodeFieldBlock(String data) {
		StringBuilder out = new StringBuilder();
		for (int i = 0; i < data.length(); i++) {
			char c = data.charAt(i);
			if (c != '\\' || i + 1 >= data.length()) {
				out.append(c);
				continue;
			}
			char next = data.charAt(i + 1);
			if (next == '\\') {
				out.append('\\');
				i++;
			}
			else if (next == '&') {
				out.append('\n');
				i++;
			}
			else if (next == '(') {
				int close = data.indexOf(')', i);
				i = (close > 0) ? close : i + 1;
			}
			else {
				out.append(c);
			}
		}
		return out.toString();
	}

	/**
	 * Every {@code ^GFA} of the format in the Z64 form, inflated, its CRC checked.
	 * @return the graphic fields in order
	 */
	List<Graphic> graphics() {
		List<Graphic> graphics = new ArrayList<>();
		for (String token : tokens()) {
			if (!token.startsWith("GF")) {
				continue;
			}
			String[] parts = token.substring(2).split(",", 5);
			if (!parts[0].equals("A") || !parts[4].startsWith(":Z64:")) {
				throw new IllegalStateException("not a ^GFA Z64 field: " + token);
			}
			String[] z64 = parts[4].substring(5).split(":");
			int crc = GraphicField.crc16(z64[0].getBytes(StandardCharsets.US_ASCII));
			if (crc != HexFormat.fromHexDigits(z64[1])) {
				throw new IllegalStateException("bad Z64 CRC in " + token);
			}
			java.util.zip.Inflater inflater = new java.util.zip.Inflater();
			byte[] dots = new byte[Integer.parseInt(parts[1])];
			try {
				inflater.setInput(java.util.Base64.getDecoder().decode(z64[0]));
				int n = inflater.inflate(dots);
				if (n != dots.length || !inflater.finished()) {
					throw new IllegalStateException("Z64 data is not " + dots.length + " bytes");
				}
			}
			catch (java.util.zip.DataFormatException ex) {
				throw new IllegalStateException(ex);
			}
			finally {
				inflater.end();
			}
			graphics.add(new Graphic(Integer.parseInt(parts[3]), dots));
		}
		return graphics;
	}

	/**
	 * A decoded graphic field.
	 *
	 * @param bytesPerRow bytes of one row of dots
	 * @param dots the rows, 1 = black
	 */
	record Graphic(int bytesPerRow, byte[] dots) {

		int rows() {
			return this.dots.length / this.bytesPerRow;
		}

		boolean black(int x, int y) {
			return (this.dots[y * this.bytesPerRow + x / 8] & (0x80 >>> (x % 8))) != 0;
		}

	}

	private List<String> tokens() {
		List<String> tokens = new ArrayList<>();
		for (String part : this.zpl.split("\\^", -1)) {
			if (!part.isEmpty()) {
				tokens.add(part.replace("\n", ""));
			}
		}
		return tokens;
	}

}
