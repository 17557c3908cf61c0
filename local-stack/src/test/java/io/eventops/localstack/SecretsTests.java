package io.eventops.localstack;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The local stack's generated secrets are kept readable by their owner only, and a
 * restart keeps them.
 */
class SecretsTests {

	@TempDir
	Path dataDir;

	@Test
	void generatedSecretsAreReadableByTheOwnerOnly() throws Exception {
		Secrets secrets = Secrets.load(this.dataDir);
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(secrets.file()))).isEqualTo("rw-------");
		assertThat(Secrets.load(this.dataDir)).isEqualTo(secrets);
	}

	@Test
	void aLooselyReadableSecretsFileIsTightenedAndKeepsItsValues() throws Exception {
		Path file = this.dataDir.resolve("secrets.properties");
		Files.writeString(file, "ops-password=kept-ops-password\n");
		Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
		Secrets secrets = Secrets.load(this.dataDir);
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
		if (System.getenv("EVENTOPS_OPS_PASSWORD") == null) {
			assertThat(secrets.opsPassword()).isEqualTo("kept-ops-password");
		}
	}

	@Test
	void ownerOnlyFilesAreCreatedWithoutGroupOrOtherBits() throws Exception {
		Path token = this.dataDir.resolve("nested").resolve("demo-kiosk-01.token");
		OwnerOnlyFiles.write(token, "secret");
		assertThat(Files.readString(token)).isEqualTo("secret");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(token))).isEqualTo("rw-------");
	}

}
