package io.eventops.drills.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes a drill's summary files: {@code summary.json} and {@code summary.md} in its
 * results folder.
 */
public final class ResultFiles {

	private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	private ResultFiles() {
	}

	/**
	 * Writes both summaries.
	 * @param dir the results folder of this run
	 * @param summary the machine-readable summary (a record)
	 * @param markdown the human one
	 * @throws IOException when they cannot be written
	 */
	public static void write(Path dir, Object summary, String markdown) throws IOException {
		Files.createDirectories(dir);
		Files.writeString(dir.resolve("summary.json"), JSON.writeValueAsString(summary));
		Files.writeString(dir.resolve("summary.md"), markdown);
	}

}
