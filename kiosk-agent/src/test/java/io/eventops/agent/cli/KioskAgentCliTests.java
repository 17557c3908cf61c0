package io.eventops.agent.cli;

import java.nio.file.Path;
import java.time.Clock;

import io.eventops.agent.http.WireFormat;
import io.eventops.agent.log.KioskLog;

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
	void serveOnItsFirstRunNeedsTheEdgeToEnrolAtAndWritesNothing() {
		// no token, and a configuration file still to write: the first-run page (#37),
		// which needs --edge; and a plain http edge is refused, naming the flag
		Path config = this.directory.resolve("kiosk-agent.properties");
		java.io.PrintStream err = System.err;
		java.io.ByteArrayOutputStream said = new java.io.ByteArrayOutputStream();
		System.setErr(new java.io.PrintStream(said, true, java.nio.charset.StandardCharsets.UTF_8));
		try {
			assertThat(KioskAgentCli.execute("serve", "--config", config.toString(), "--staff-pin", "864213",
					"--screen-port", "0"))
				.isEqualTo(2);
			assertThat(KioskAgentCli.execute("serve", "--config", config.toString(), "--staff-pin", "864213",
					"--screen-port", "0", "--edge", "http://127.0.0.1:9"))
				.isEqualTo(2);
		}
		finally {
			System.setErr(err);
		}
		assertThat(said.toString(java.nio.charset.StandardCharsets.UTF_8))
			.contains("--edge is required to enrol from the first-run page")
			.contains("--edge must be an https URL");
		assertThat(this.directory).isEmptyDirectory();
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
	void aSecondCheckInOfAnAttendeeTheLogHoldsRecordsNoSecondEntry() {
		Path database = this.directory.resolve("k.db");
		try (KioskLog log = KioskLog.open(database, "kiosk-07", 4096, WireFormat::entry, Clock.systemUTC())) {
			log.continueSequenceAfter(0);
		}
		String[] checkIn = { "checkin", "att_1", "--kiosk-id", "kiosk-07", "--db", database.toString(), "--edge-url",
				"https://127.0.0.1:9", "--token", "t", "--flush-after-checkin", "false" };
		assertThat(KioskAgentCli.execute(checkIn)).isZero();
		// the operator runs it again, e.g. after an answer that got lost
		assertThat(KioskAgentCli.execute(checkIn)).isZero();
		try (KioskLog log = KioskLog.open(database, "kiosk-07", 4096, WireFormat::entry, Clock.systemUTC())) {
			assertThat(log.state().lastSeq()).isEqualTo(1);
			assertThat(log.storedCount()).isEqualTo(1);
		}
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
