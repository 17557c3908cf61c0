package io.eventops.agent.cli;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import io.eventops.agent.KioskAgent;
import io.eventops.agent.http.WireFormat;
import io.eventops.agent.log.DeadLetter;
import io.eventops.agent.log.ExportedEntry;
import io.eventops.agent.log.LogEntry;
import io.eventops.model.time.Rfc3339;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code export}: writes every entry the edge has not acknowledged (those above the
 * watermark and every dead letter) to a file for staff, one JSON object a line, without
 * contacting the edge (issue #37: a revoked kiosk's entries are never deleted, and
 * nothing is lost silently). The file is readable by its owner only (entries may carry
 * badge names) and never overwrites an existing one. An entry whose stored form is not
 * JSON is written as {@code payloadBase64}.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
		description = "Write the entries the edge has not acknowledged to a file, as JSON lines (offline).")
final class ExportCommand implements Callable<Integer> {

	@Mixin
	AgentOptions options;

	@Option(names = "--out", required = true, description = "The file to write; it must not exist.")
	Path out;

	@Override
	public Integer call() throws IOException {
		if (Files.exists(this.out)) {
			throw new IllegalArgumentException(this.out + " exists: nothing was written (choose another file)");
		}
		List<ExportedEntry> entries;
		try (KioskAgent agent = KioskAgent.open(this.options.resolve())) {
			entries = agent.unacknowledged();
		}
		create(this.out);
		try (Writer writer = Files.newBufferedWriter(this.out, StandardCharsets.UTF_8,
				StandardOpenOption.TRUNCATE_EXISTING)) {
			for (ExportedEntry entry : entries) {
				writer.write(WireFormat.write(line(entry)));
				writer.write('\n');
			}
		}
		long dead = entries.stream().filter((entry) -> entry.deadLetter() != null).count();
		System.out.println("EXPORTED " + entries.size() + " entries (" + dead + " dead letters) to " + this.out);
		return 0;
	}

	private static void create(Path file) throws IOException {
		try {
			try {
				Files.createFile(file,
						PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
			}
			catch (UnsupportedOperationException ex) {
				// not a POSIX file system: the directory's own access rules apply
				Files.createFile(file);
			}
		}
		catch (FileAlreadyExistsException ex) {
			throw new IllegalArgumentException(file + " exists: nothing was written (choose another file)");
		}
	}

	private static Map<String, Object> line(ExportedEntry exported) {
		LogEntry entry = exported.entry();
		Map<String, Object> line = new LinkedHashMap<>();
		line.put("seq", entry.seq());
		line.put("idempotencyKey", entry.idempotencyKey());
		line.put("attendeeId", entry.attendeeId());
		line.put("capturedAt", Rfc3339.format(entry.capturedAt()));
		line.put("queuedAt", Rfc3339.format(entry.queuedAt()));
		// the entry exactly as it would have been flushed; a stored form that is not JSON
		// (a damaged entry, the usual dead letter) goes out byte for byte instead, as
		// refusing it would lose the very entry staff need
		try {
			line.put("entry", WireFormat.tree(entry.payload()));
		}
		catch (IllegalArgumentException ex) {
			line.put("entry", null);
			line.put("payloadBase64", Base64.getEncoder().encodeToString(entry.payload()));
		}
		DeadLetter dead = exported.deadLetter();
		if (dead != null) {
			Map<String, Object> letter = new LinkedHashMap<>();
			letter.put("status", dead.status());
			letter.put("detail", dead.detail());
			letter.put("deadAt", (dead.deadAt() != null) ? Rfc3339.format(dead.deadAt()) : null);
			line.put("deadLetter", letter);
		}
		return line;
	}

}
