package io.eventops.agent.enrol;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.Properties;

import io.eventops.agent.http.WireFormat;
import io.eventops.agent.log.KioskLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The configuration's write in place (#37 review): proved writable before the code is
 * redeemed, complete or absent after a crash, never over an existing file; and the check
 * of a {@code --db} log that already belongs to a kiosk.
 */
class ConfigWriterTests {

	@TempDir
	Path directory;

	@Test
	void aDirectoryThatCannotHoldTheFileIsFoundBeforeAnythingIsWritten() throws IOException {
		Path notADirectory = Files.writeString(this.directory.resolve("etc"), "a file");
		assertThatExceptionOfType(IOException.class)
			.isThrownBy(() -> ConfigWriter.prepare(notADirectory.resolve("kiosk-agent.properties")));
		try (var files = Files.list(this.directory)) {
			assertThat(files).containsExactly(notADirectory);
		}
	}

	@Test
	void theTemporaryFileIsOwnerOnlyAndACrashBeforeTheCommitLeavesNoConfiguration() throws IOException {
		Path config = this.directory.resolve("sub/kiosk-agent.properties");
		ConfigWriter writer = ConfigWriter.prepare(config);
		assertThat(writer.temporary()).exists().hasParent(config.getParent());
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(writer.temporary())))
			.isEqualTo("rw-------");
		// a crash here: no configuration, so serve shows the first-run page again
		assertThat(config).doesNotExist();
		writer.discard();
		// the directory it created goes with it: a refused code leaves nothing
		assertThat(config.getParent()).doesNotExist();
		assertThat(this.directory).isEmptyDirectory();
	}

	@Test
	void theCommitPutsACompleteOwnerOnlyFileInPlaceAndRemovesTheTemporaryOne() throws IOException {
		Path config = this.directory.resolve("kiosk-agent.properties");
		ConfigWriter writer = ConfigWriter.prepare(config);
		writer.commit(settings("kiosk-07"), "test");
		Properties read = new Properties();
		try (var in = Files.newBufferedReader(config)) {
			read.load(in);
		}
		assertThat(read.getProperty("kiosk-id")).isEqualTo("kiosk-07");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(config))).isEqualTo("rw-------");
		assertThat(writer.temporary()).doesNotExist();
		try (var files = Files.list(this.directory)) {
			assertThat(files).containsExactly(config);
		}
	}

	@Test
	void aConfigurationThatAppearedMeanwhileIsNotOverwritten() throws IOException {
		Path config = this.directory.resolve("kiosk-agent.properties");
		ConfigWriter writer = ConfigWriter.prepare(config);
		Files.writeString(config, "kiosk-id=other\n");
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> writer.commit(settings("kiosk-07"), "test"));
		assertThat(config).hasContent("kiosk-id=other");
		assertThat(writer.temporary()).doesNotExist();
	}

	@Test
	void aTemporaryFileThatVanishedFailsTheCommitWithoutAConfiguration() throws IOException {
		Path config = this.directory.resolve("kiosk-agent.properties");
		ConfigWriter writer = ConfigWriter.prepare(config);
		Files.delete(writer.temporary());
		assertThatExceptionOfType(UncheckedIOException.class)
			.isThrownBy(() -> writer.commit(settings("kiosk-07"), "test"));
		assertThat(config).doesNotExist();
	}

	@Test
	void aLogNamesTheKioskItBelongsToAndAnEmptyFileNone() throws IOException {
		Path log = this.directory.resolve("k.db");
		KioskLog.open(log, "kiosk-07", 4096, WireFormat::entry, Clock.systemUTC()).close();
		assertThat(LogOwner.of(log)).isEqualTo("kiosk-07");
		Path empty = Files.createFile(this.directory.resolve("empty.db"));
		assertThat(LogOwner.of(empty)).isNull();
		assertThat(empty).isEmptyFile();
		Path garbage = Files.writeString(this.directory.resolve("garbage.db"), "not a database at all, ".repeat(50));
		assertThatExceptionOfType(IOException.class).isThrownBy(() -> LogOwner.of(garbage));
	}

	private static Properties settings(String kioskId) {
		Properties settings = new Properties();
		settings.setProperty("kiosk-id", kioskId);
		settings.setProperty("token", "secret");
		return settings;
	}

}
