package io.eventops.agent.cli;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The command line's offline behaviour: status without the edge, strict booleans, and
 * usage errors as exit codes.
 */
class KioskAgentCliTests {

	@TempDir
	Path directory;

	@Test
	void statusReadsTheLogWithoutTheEdge() {
		int exit = KioskAgentCli.execute("status", "--kiosk-id", "kiosk-07", "--db",
				this.directory.resolve("k.db").toString(), "--edge-url", "https://127.0.0.1:9");
		assertThat(exit).isZero();
	}

	@Test
	void lenientBooleansAreRefused() {
		int exit = KioskAgentCli.execute("checkin", "att_1", "--kiosk-id", "kiosk-07", "--db",
				this.directory.resolve("k.db").toString(), "--badge-printed-locally=yes");
		assertThat(exit).isEqualTo(2);
	}

	@Test
	void checkInOnAFreshLogWithoutTheEdgeRecordsNothing() {
		int exit = KioskAgentCli.execute("checkin", "att_1", "--kiosk-id", "kiosk-07", "--db",
				this.directory.resolve("k.db").toString(), "--edge-url", "https://127.0.0.1:9", "--token", "t",
				"--connect-timeout", "1s");
		assertThat(exit).isEqualTo(2);
	}

	@Test
	void simulateWithoutKiosksIsAUsageError() {
		assertThat(KioskAgentCli.execute("simulate", "--duration", "1s")).isEqualTo(2);
	}

	@Test
	void aCommandIsRequired() {
		assertThat(KioskAgentCli.execute()).isEqualTo(2);
	}

}
