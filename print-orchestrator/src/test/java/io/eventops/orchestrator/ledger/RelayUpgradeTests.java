package io.eventops.orchestrator.ledger;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.eventops.orchestrator.PrintInfrastructureInitializer;
import io.eventops.orchestrator.TestData;
import io.eventops.testsupport.TestDatabase;
import io.eventops.testsupport.TestInfrastructure;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Upgrading a running venue: jobs created under reconciler migration V5 (untaken, without
 * a pool in the relay table) are taken per pool after V6, none lost and none taken twice
 * (invariant 7).
 */
class RelayUpgradeTests {

	@Test
	void jobsWaitingBeforeTheUpgradeAreTakenPerPoolAfterIt() {
		TestDatabase database = TestInfrastructure.freshDatabase();
		reconciler(database, "5");
		JdbcTemplate jdbc = new JdbcTemplate(new SimpleDriverDataSource(new org.postgresql.Driver(), database.jdbcUrl(),
				database.user(), database.password()));
		List<TestData.BadgeJob> hallA = TestData.badgeJobs(jdbc, "hall-a", 3);
		List<TestData.BadgeJob> hallB = TestData.badgeJobs(jdbc, "hall-b", 2);

		reconciler(database, null);
		PrintInfrastructureInitializer.migratePrinting(database.jdbcUrl(), database.user(), database.password());
		PrintLedger ledger = new PrintLedger(jdbc);

		assertThat(ledger.outboxBacklog()).isEqualTo(Map.of("hall-a", 3L, "hall-b", 2L));
		assertThat(ledger.relayFromOutbox("hall-b", 10).inserted()).containsExactlyElementsOf(ids(hallB));
		assertThat(ledger.relayFromOutbox("hall-a", 10).inserted()).containsExactlyElementsOf(ids(hallA));
		assertThat(ledger.outboxBacklog()).isEmpty();
		// a job created after the upgrade gets its pool from the trigger
		List<TestData.BadgeJob> later = TestData.badgeJobs(jdbc, "hall-a", 1);
		assertThat(ledger.relayFromOutbox("hall-a", 10).inserted()).containsExactlyElementsOf(ids(later));
	}

	private static void reconciler(TestDatabase database, String target) {
		var configuration = Flyway.configure()
			.dataSource(database.jdbcUrl(), database.user(), database.password())
			.schemas("reconciler")
			.defaultSchema("reconciler")
			.locations("classpath:db/migration/reconciler");
		if (target != null) {
			configuration.target(target);
		}
		configuration.load().migrate();
	}

	private static List<UUID> ids(List<TestData.BadgeJob> jobs) {
		return jobs.stream().map(TestData.BadgeJob::jobId).toList();
	}

}
