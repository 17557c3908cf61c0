package io.eventops.printer.virtual;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Cuts the raw byte stream of one printer session into formats ({@code ^XA…^XZ}) and
 * control commands ({@code ~HS}, {@code ~HQES}…) and Set-Get-Do lines ({@code ! U1 getvar
 * "…"}), whatever TCP reads they arrive in.
 */
final class ZplStreamParser {

	private static final Set<String> COMMANDS = Set.of("HS", "HI", "JA", "PP", "PS");

	private static final int MAX_FORMAT_CHARS = 1 << 20;

	// a Set-Get-Do line longer than this is garbage, not a command still arriving
	private static final int MAX_SGD_CHARS = 1024;

	// One char per byte (ISO-8859-1): the structure is ASCII, and a UTF-8 sequence split
	// across reads is only decoded once its whole format is in.
	private final StringBuilder pending = new StringBuilder();

	private final StringBuilder format = new StringBuilder();

	private boolean inFormat;

	/** Something the printer received. */
	sealed interface Item permits Format, Command, SetGetDo {

	}

	/**
	 * A complete format.
	 *
	 * @param zpl the format, {@code ^XA} to {@code ^XZ}, decoded as UTF-8
	 */
	record Format(String zpl) implements Item {

	}

	/**
	 * A control command.
	 *
	 * @param code the command without its tilde, e.g. {@code HS} or {@code HQES}
	 */
	record Command(String code) implements Item {

	}

	/**
	 * A Set-Get-Do command line, which Link-OS printers accept on the raw port between
	 * formats.
	 *
	 * @param line the line without its CR LF, e.g.
	 * {@code ! U1 getvar "odometer.total_label_count"}
	 */
	record SetGetDo(String line) implements Item {

	}

	/**
	 * Consumes the next bytes of the session.
	 * @param data the buffer
	 * @param length bytes to take from it
	 * @return the formats and commands completed by these bytes, in order
	 */
	List<Item> feed(byte[] data, int length) {
		this.pending.append(new String(data, 0, length, StandardCharsets.ISO_8859_1));
		List<Item> items = new ArrayList<>();
		int i = 0;
		while (i < this.pending.length()) {
			int consumed = step(i, items);
			if (consumed == 0) {
				break;
			}
			i += consumed;
		}
		this.pending.delete(0, i);
		return items;
	}

	/**
	 * Whether a format has started but not ended, the "partial format" flag of
	 * {@code ~HS}.
	 * @return true between {@code ^XA} and {@code ^XZ}
	 */
	boolean partialFormat() {
		return this.inFormat;
	}

	// Returns how many chars were consumed at i, 0 when more input is needed to decide.
	private int step(int i, List<Item> items) {
		char c = this.pending.charAt(i);
		if (c == '~') {
			return control(i, items);
		}
		if (c == '!' && !this.inFormat) {
			return setGetDo(i, items);
		}
		if (c == '^') {
			if (i + 3 > this.pending.length()) {
				return 0;
			}
			String code = this.pending.substring(i + 1, i + 3).toUpperCase(Locale.ROOT);
			if (code.equals("XA")) {
				// a new ^XA before ^XZ abandons the unfinished format, as a printer would
				this.inFormat = true;
				this.format.setLength(0);
				this.format.append("^XA");
				return 3;
			}
			if (code.equals("XZ") && this.inFormat) {
				this.format.append("^XZ");
				byte[] bytes = this.format.toString().getBytes(StandardCharsets.ISO_8859_1);
				items.add(new Format(new String(bytes, StandardCharsets.UTF_8)));
				this.inFormat = false;
				this.format.setLength(0);
				return 3;
			}
		}
		append(c);
		return 1;
	}

	// Control commands act the moment they arrive, even in the middle of a format.
	private int control(int i, List<Item> items) {
		if (i + 3 > this.pending.length()) {
			return 0;
		}
		String code = this.pending.substring(i + 1, i + 3).toUpperCase(Locale.ROOT);
		if (code.equals("HQ")) {
			if (i + 5 > this.pending.length()) {
				return 0;
			}
			items.add(new Command(this.pending.substring(i + 1, i + 5).toUpperCase(Locale.ROOT)));
			return 5;
		}
		if (COMMANDS.contains(code)) {
			items.add(new Command(code));
			return 3;
		}
		append('~');
		return 1;
	}

	// A Set-Get-Do line runs to its LF; inside a format a '!' is data.
	private int setGetDo(int i, List<Item> items) {
		int end = this.pending.indexOf("\n", i);
		if (end < 0) {
			return (this.pending.length() - i > MAX_SGD_CHARS) ? 1 : 0;
		}
		String line = this.pending.substring(i, end);
		if (line.endsWith("\r")) {
			line = line.substring(0, line.length() - 1);
		}
		items.add(new SetGetDo(line));
		return end + 1 - i;
	}

	private void append(char c) {
		if (!this.inFormat) {
			return;
		}
		if (this.format.length() >= MAX_FORMAT_CHARS) {
			this.inFormat = false;
			this.format.setLength(0);
			return;
		}
		this.format.append(c);
	}

}
