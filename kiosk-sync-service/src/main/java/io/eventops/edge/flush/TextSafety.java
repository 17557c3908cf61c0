package io.eventops.edge.flush;

import java.math.BigDecimal;
import java.util.Map;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Keeps hostile text from breaking storage: the reconciler quarantines a rejected entry's
 * raw JSON as PostgreSQL {@code jsonb}, which refuses {@code \u0000}, unpaired surrogates
 * and numbers with exponents beyond ±1000. Such an entry is quarantined as a faithful
 * re-rendering (the offending characters replaced by U+FFFD, the offending numbers kept
 * as strings) instead of failing its whole batch.
 */
final class TextSafety {

	// PostgreSQL numeric accepts exponents within ±1000; keep a margin
	private static final int MAX_SCALE = 900;

	private static final JsonNodeFactory nodes = JsonNodeFactory.instance;

	private TextSafety() {
	}

	/**
	 * The entry's JSON text for quarantine.
	 * @param raw the entry as received
	 * @param mapper the mapper to re-render with
	 * @return the text as received when PostgreSQL can store it, else a re-rendering
	 */
	static String quarantinable(ParsedFlush.RawEntry raw, JsonMapper mapper) {
		if (isStorable(raw.node())) {
			return raw.raw();
		}
		return mapper.writeValueAsString(storable(raw.node()));
	}

	/**
	 * Whether a string has no control characters and no unpaired surrogates.
	 * @param text the text
	 * @return {@code true} when it is printable
	 */
	static boolean isPrintable(String text) {
		return passes(text, true);
	}

	private static boolean isStorable(JsonNode node) {
		if (node.isObject()) {
			for (Map.Entry<String, JsonNode> property : node.properties()) {
				if (!isStorableText(property.getKey()) || !isStorable(property.getValue())) {
					return false;
				}
			}
			return true;
		}
		if (node.isArray()) {
			for (JsonNode element : node) {
				if (!isStorable(element)) {
					return false;
				}
			}
			return true;
		}
		if (node.isString()) {
			return isStorableText(node.stringValue());
		}
		if (node.isBigDecimal()) {
			return isStorableNumber(node.decimalValue());
		}
		return true;
	}

	private static JsonNode storable(JsonNode node) {
		if (node.isObject()) {
			ObjectNode copy = nodes.objectNode();
			for (Map.Entry<String, JsonNode> property : node.properties()) {
				copy.set(storableText(property.getKey()), storable(property.getValue()));
			}
			return copy;
		}
		if (node.isArray()) {
			ArrayNode copy = nodes.arrayNode();
			for (JsonNode element : node) {
				copy.add(storable(element));
			}
			return copy;
		}
		if (node.isString()) {
			return nodes.stringNode(storableText(node.stringValue()));
		}
		if (node.isBigDecimal() && !isStorableNumber(node.decimalValue())) {
			return nodes.stringNode(node.decimalValue().toString());
		}
		return node;
	}

	// String.codePoints() yields an unpaired surrogate as itself and a valid pair as one
	// supplementary code point
	private static boolean isLoneSurrogate(int cp) {
		return cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE;
	}

	private static boolean isStorableNumber(BigDecimal value) {
		return Math.abs(value.scale()) <= MAX_SCALE && value.precision() <= MAX_SCALE;
	}

	private static boolean isStorableText(String text) {
		return passes(text, false);
	}

	// One pass over the UTF-16 units, without a code point stream: every string of every
	// entry goes through here. A well-formed surrogate pair is one supplementary code
	// point, never a control; a surrogate outside a pair fails. \u0000 always fails, the
	// other controls (Character.isISOControl: U+0000-U+001F, U+007F-U+009F) only when
	// asked.
	static boolean passes(String text, boolean refuseControls) {
		int length = text.length();
		for (int i = 0; i < length; i++) {
			char c = text.charAt(i);
			if (c < 0x20 || (c >= 0x7F && c <= 0x9F)) {
				if (refuseControls || c == 0) {
					return false;
				}
			}
			else if (Character.isHighSurrogate(c)) {
				if (i + 1 == length || !Character.isLowSurrogate(text.charAt(i + 1))) {
					return false;
				}
				i++;
			}
			else if (Character.isLowSurrogate(c)) {
				return false;
			}
		}
		return true;
	}

	private static String storableText(String text) {
		StringBuilder copy = new StringBuilder(text.length());
		text.codePoints().forEach((cp) -> copy.appendCodePoint((cp == 0 || isLoneSurrogate(cp)) ? 0xFFFD : cp));
		return copy.toString();
	}

}
