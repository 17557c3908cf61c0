package io.eventops.printer.zpl;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ids carried by the {@code ^FX} trace comment of a badge format, so that a label in
 * a printer capture can be traced back to its job, attendee and credential.
 *
 * @param jobId the badge job id
 * @param attendeeId the attendee id
 * @param credentialVersion the credential version, -1 when unknown
 */
public record LabelTrace(String jobId, String attendeeId, int credentialVersion) {

	/** The trace of a format that carried no (readable) trace comment. */
	public static final LabelTrace NONE = new LabelTrace("", "", -1);

	private static final Pattern COMMENT = Pattern
		.compile("\\^FXjob=([A-Za-z0-9_.:%-]*);attendee=([A-Za-z0-9_.:%-]*);credential=(\\d{1,9})\\^FS");

	public LabelTrace {
		Objects.requireNonNull(jobId, "jobId");
		Objects.requireNonNull(attendeeId, "attendeeId");
	}

	/**
	 * The trace comment as it goes right after {@code ^XA}.
	 * @return {@code ^FXjob=…;attendee=…;credential=…^FS}
	 */
	public String toZpl() {
		return "^FXjob=" + encode(this.jobId) + ";attendee=" + encode(this.attendeeId) + ";credential="
				+ this.credentialVersion + "^FS";
	}

	/**
	 * Finds the first trace comment in a format.
	 * @param zpl a ZPL format
	 * @return the decoded trace, empty when the format has none
	 */
	public static Optional<LabelTrace> find(String zpl) {
		Matcher matcher = COMMENT.matcher(zpl);
		if (!matcher.find()) {
			return Optional.empty();
		}
		try {
			return Optional.of(new LabelTrace(decode(matcher.group(1)), decode(matcher.group(2)),
					Integer.parseInt(matcher.group(3))));
		}
		catch (IllegalArgumentException ex) {
			return Optional.empty();
		}
	}

	// ^FH does not apply to ^FX, and a '^' or '~' would end the comment or run a command:
	// anything outside the id charset is percent-encoded ('%' itself is outside it, so
	// this is reversible), which also keeps ';' and '=' out of the values.
	static String encode(String value) {
		StringBuilder out = new StringBuilder(value.length());
		for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
			char c = (char) (b & 0xFF);
			if (isIdChar(c)) {
				out.append(c);
			}
			else {
				out.append('%').append(HexFormat.of().withUpperCase().toHexDigits(b));
			}
		}
		return out.toString();
	}

	static String decode(String value) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream(value.length());
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if (c == '%') {
				if (i + 3 > value.length()) {
					throw new IllegalArgumentException("truncated escape in " + value);
				}
				bytes.write(HexFormat.fromHexDigits(value, i + 1, i + 3));
				i += 2;
			}
			else {
				bytes.write(c);
			}
		}
		return bytes.toString(StandardCharsets.UTF_8);
	}

	private static boolean isIdChar(char c) {
		return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.'
				|| c == ':' || c == '-';
	}

}
