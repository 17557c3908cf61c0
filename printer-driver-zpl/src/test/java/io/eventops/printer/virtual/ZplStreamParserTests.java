package io.eventops.printer.virtual;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.eventops.printer.virtual.ZplStreamParser.Command;
import io.eventops.printer.virtual.ZplStreamParser.Format;
import io.eventops.printer.virtual.ZplStreamParser.Item;

import static org.assertj.core.api.Assertions.assertThat;

class ZplStreamParserTests {

	private static final String STREAM = "~HS^XA^FXjob=1;attendee=a;credential=1^FS^FO1,1^FH^FDZoë 👋^FS^XZ\r\n"
			+ "~HQES^XA^FDsecond^FS~HS^XZ~JA~HI";

	private static final List<Item> EXPECTED = List.of(new Command("HS"),
			new Format("^XA^FXjob=1;attendee=a;credential=1^FS^FO1,1^FH^FDZoë 👋^FS^XZ"), new Command("HQES"),
			new Command("HS"), new Format("^XA^FDsecond^FS^XZ"), new Command("JA"), new Command("HI"));

	@Test
	void separatesFormatsAndCommandsArrivingInOneRead() {
		byte[] bytes = STREAM.getBytes(StandardCharsets.UTF_8);

		assertThat(new ZplStreamParser().feed(bytes, bytes.length)).isEqualTo(EXPECTED);
	}

	@Test
	void reassemblesFormatsAndCommandsSplitAtEveryByte() {
		byte[] bytes = STREAM.getBytes(StandardCharsets.UTF_8);
		ZplStreamParser parser = new ZplStreamParser();
		List<Item> items = new ArrayList<>();
		for (byte b : bytes) {
			items.addAll(parser.feed(new byte[] { b }, 1));
		}

		assertThat(items).isEqualTo(EXPECTED);
	}

	@Test
	void reassemblesAtEverySplitPointOfTwoReads() {
		byte[] bytes = STREAM.getBytes(StandardCharsets.UTF_8);
		for (int split = 1; split < bytes.length; split++) {
			ZplStreamParser parser = new ZplStreamParser();
			List<Item> items = new ArrayList<>(parser.feed(bytes, split));
			byte[] rest = new byte[bytes.length - split];
			System.arraycopy(bytes, split, rest, 0, rest.length);
			items.addAll(parser.feed(rest, rest.length));

			assertThat(items).as("split at %d", split).isEqualTo(EXPECTED);
		}
	}

	@Test
	void reportsAPartialFormatUntilItsEnd() {
		ZplStreamParser parser = new ZplStreamParser();
		byte[] start = "^XA^FDhalf".getBytes(StandardCharsets.US_ASCII);
		byte[] end = "^FS^XZ".getBytes(StandardCharsets.US_ASCII);

		parser.feed(start, start.length);
		assertThat(parser.partialFormat()).isTrue();
		parser.feed(end, end.length);
		assertThat(parser.partialFormat()).isFalse();
	}

	@Test
	void ignoresNoiseOutsideFormatsAndUnknownCommands() {
		byte[] bytes = "hello ~XX ^FS^XA~WC^FDx^FS^XZ".getBytes(StandardCharsets.US_ASCII);

		assertThat(new ZplStreamParser().feed(bytes, bytes.length)).containsExactly(new Format("^XA~WC^FDx^FS^XZ"));
	}

}
