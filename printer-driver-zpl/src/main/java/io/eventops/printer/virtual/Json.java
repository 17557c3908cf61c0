package io.eventops.printer.virtual;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Writes the flat JSON objects of the control port without a JSON library.
 */
final class Json {

	private Json() {
	}

	/**
	 * One JSON object from string, number and boolean values.
	 * @param fields field names and values, in order
	 * @return the object on one line
	 */
	static String object(Map<String, ?> fields) {
		StringJoiner json = new StringJoiner(",", "{", "}");
		fields.forEach((name, value) -> json.add(string(name) + ":" + value(value)));
		return json.toString();
	}

	/**
	 * A printed label as one JSON line.
	 * @param label the label
	 * @return the object on one line
	 */
	static String label(PrintedLabel label) {
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("printer", label.printer());
		fields.put("jobId", label.jobId());
		fields.put("attendeeId", label.attendeeId());
		fields.put("credentialVersion", label.credentialVersion());
		fields.put("printedAt", label.printedAt().toString());
		fields.put("zpl", label.zpl());
		return object(fields);
	}

	/**
	 * A printer state as one JSON object.
	 * @param name the printer's name
	 * @param state the state
	 * @return the object on one line
	 */
	static String state(String name, VirtualPrinterState state) {
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("printer", name);
		fields.put("listening", state.listening());
		fields.put("dead", state.dead());
		fields.put("paperOut", state.paperOut());
		fields.put("headOpen", state.headOpen());
		fields.put("paused", state.paused());
		fields.put("jammed", state.jammed());
		fields.put("formatsInBuffer", state.formatsInBuffer());
		fields.put("labelsRemaining", state.labelsRemaining());
		fields.put("labelMillis", state.labelTime().toMillis());
		fields.put("printedLabels", state.printedLabels());
		fields.put("labelCount", state.labelCount());
		return object(fields);
	}

	private static String value(Object value) {
		if (value instanceof Number || value instanceof Boolean) {
			return value.toString();
		}
		return string(String.valueOf(value));
	}

	private static String string(String value) {
		StringBuilder out = new StringBuilder(value.length() + 2).append('"');
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			switch (c) {
				case '"' -> out.append("\\\"");
				case '\\' -> out.append("\\\\");
				case '\n' -> out.append("\\n");
				case '\r' -> out.append("\\r");
				case '\t' -> out.append("\\t");
				default -> {
					if (c < 0x20 || c == '\u2028' || c == '\u2029') {
						out.append(String.format("\\u%04x", (int) c));
					}
					else {
						out.append(c);
					}
				}
			}
		}
		return out.append('"').toString();
	}

}
