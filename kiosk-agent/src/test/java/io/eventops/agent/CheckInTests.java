package io.eventops.agent;

import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;

import io.eventops.agent.config.AgentConfig;
import io.eventops.agent.http.WireFormat;
import io.eventops.agent.log.KioskLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link KioskAgent#checkIn} without the edge, on a log that knows its sequence: what
 * happens after the log's commit cannot turn a recorded check-in into a failure.
 */
class CheckInTests {

	@TempDir
	Path directory;

	@Test
	void aCheckInIsConfirmedWhenTheCacheCannotBeUpdatedAfterTheCommit() throws Exception {
		Path database = this.directory.resolve("kiosk.db");
		try (KioskAgent agent = KioskAgent.open(offline(database));
				Connection cache = DriverManager
					.getConnection("jdbc:sqlite:" + database.resolveSibling("kiosk.db.cache"));
				Statement statement = cache.createStatement()) {
			// another writer holds the cache: the agent's cache update fails (busy)
			statement.execute("BEGIN IMMEDIATE");
			CheckInReceipt receipt = agent.checkIn("att_1");
			assertThat(receipt.seq()).isEqualTo(1);
			assertThat(agent.status().lastSeq()).isEqualTo(1);
			assertThat(agent.status().pending()).isEqualTo(1);
			statement.execute("ROLLBACK");
		}
	}

	/**
	 * An agent whose log knows its sequence and whose edge does not exist (port 9 is
	 * discard, closed on test machines).
	 */
	static AgentConfig offline(Path database) {
		try (KioskLog log = KioskLog.open(database, "kiosk-07", 4096, WireFormat::entry, Clock.systemUTC())) {
			log.continueSequenceAfter(0);
		}
		return AgentConfig.defaults("kiosk-07", URI.create("https://127.0.0.1:9"), "token").withDatabase(database);
	}

}
