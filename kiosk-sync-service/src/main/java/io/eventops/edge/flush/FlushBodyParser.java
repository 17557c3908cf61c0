package io.eventops.edge.flush;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.eventops.edge.web.EdgeException;
import io.eventops.model.flush.FlushRequest;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Parses a flush body as a JSON token stream, so that each entry is kept both as a tree
 * (checked on its own) and as the exact text the kiosk sent (quarantined as received).
 * Only what makes the whole request unusable fails it: not JSON, no {@code entries}
 * array, an entry without an integer seq of at least 1, too many entries.
 */
final class FlushBodyParser {

	// floats as BigDecimal: a huge exponent stays visible instead of becoming infinity;
	// an entry is read as a tree in the middle of the stream, so what follows it is not
	// "trailing"
	private final JsonMapper mapper = JsonMapper.builder()
		.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
		.disable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
		.build();

	ParsedFlush parse(byte[] body) {
		String text = utf8(body);
		try (JsonParser parser = this.mapper.createParser(text)) {
			if (parser.nextToken() != JsonToken.START_OBJECT) {
				throw EdgeException.badRequest("body", "must be a JSON object");
			}
			Long highestLocalSeq = null;
			List<ParsedFlush.RawEntry> entries = null;
			while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
				String name = parser.currentName();
				JsonToken value = parser.nextToken();
				if ("highestLocalSeq".equals(name)) {
					if (highestLocalSeq != null) {
						throw EdgeException.badRequest("highestLocalSeq", "must appear once");
					}
					highestLocalSeq = highestLocalSeq(parser, value);
				}
				else if ("entries".equals(name)) {
					if (entries != null) {
						throw EdgeException.badRequest("entries", "must appear once");
					}
					if (value != JsonToken.START_ARRAY) {
						throw EdgeException.badRequest("entries", "must be an array");
					}
					entries = entries(parser, text);
				}
				else {
					parser.skipChildren();
				}
			}
			if (parser.nextToken() != null) {
				throw EdgeException.badRequest("body", "must hold exactly one JSON object");
			}
			if (entries == null) {
				throw EdgeException.badRequest("entries", "is required");
			}
			if (highestLocalSeq == null) {
				throw EdgeException.badRequest("highestLocalSeq", "is required");
			}
			return new ParsedFlush(highestLocalSeq, entries);
		}
		catch (JacksonException ex) {
			throw EdgeException.badRequest("body", "is not valid JSON");
		}
	}

	// Decoded strictly before parsing, and parsed from characters: Jackson's byte parser
	// refuses a property name with an escaped unpaired surrogate as invalid JSON, so one
	// entry carrying such a name failed its whole batch (invariant 11); its character
	// parser reads it, and the entry is checked on its own. Malformed UTF-8 still fails
	// the request, as it did.
	private static String utf8(byte[] body) {
		try {
			String text = StandardCharsets.UTF_8.newDecoder()
				.onMalformedInput(CodingErrorAction.REPORT)
				.onUnmappableCharacter(CodingErrorAction.REPORT)
				.decode(ByteBuffer.wrap(body))
				.toString();
			// a byte order mark, which the byte parser skipped
			return (!text.isEmpty() && text.charAt(0) == '\uFEFF') ? text.substring(1) : text;
		}
		catch (CharacterCodingException ex) {
			throw EdgeException.badRequest("body", "is not valid UTF-8");
		}
	}

	private static long highestLocalSeq(JsonParser parser, JsonToken value) {
		if (value != JsonToken.VALUE_NUMBER_INT || parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
				|| parser.getLongValue() < 0) {
			throw EdgeException.badRequest("highestLocalSeq", "must be an integer of at least 0");
		}
		return parser.getLongValue();
	}

	private List<ParsedFlush.RawEntry> entries(JsonParser parser, String text) {
		List<ParsedFlush.RawEntry> entries = new ArrayList<>();
		JsonToken token;
		while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
			if (token == null) {
				throw EdgeException.badRequest("entries", "is not closed");
			}
			if (entries.size() == FlushRequest.MAX_ENTRIES) {
				throw EdgeException.tooManyEntries(FlushRequest.MAX_ENTRIES);
			}
			String field = "entries[" + entries.size() + "].seq";
			if (token != JsonToken.START_OBJECT) {
				throw EdgeException.badRequest(field, "each entry must be an object with an integer seq of at least 1");
			}
			int start = (int) parser.currentTokenLocation().getCharOffset();
			JsonNode node = this.mapper.readTree(parser);
			int end = (int) parser.currentLocation().getCharOffset();
			JsonNode seq = node.get("seq");
			if (seq == null || !seq.isIntegralNumber() || !seq.canConvertToLong() || seq.longValue() < 1) {
				throw EdgeException.badRequest(field, "must be an integer of at least 1");
			}
			entries.add(new ParsedFlush.RawEntry(seq.longValue(), node, text.substring(start, end)));
		}
		return entries;
	}

}
