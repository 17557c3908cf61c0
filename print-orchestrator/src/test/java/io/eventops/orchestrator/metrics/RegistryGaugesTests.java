package io.eventops.orchestrator.metrics;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.eventops.orchestrator.HttpTestClient;
import io.eventops.orchestrator.OrchestratorTest;
import io.eventops.orchestrator.PrintFloorTest;
import io.eventops.orchestrator.TestData;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The registry and ledger gauges show what PostgreSQL holds (so every replica reports the
 * same): printers are written straight into {@code printing.printers} with their lease
 * held by "another replica", so that no agent of this one probes or dispatches them.
 */
@OrchestratorTest
class RegistryGaugesTests extends PrintFloorTest {

	@LocalManagementPort
	private int managementPort;

	@Autowired
	private RegistryGauges gauges;

	@Autowired
	private MeterRegistry registry;

	private final List<String> printers = new ArrayList<>();

	@AfterEach
	void removePrinters() {
		for (String printerId : this.printers) {
			this.jdbc.update("DELETE FROM printing.print_jobs WHERE printer_id = ?", printerId);
			this.jdbc.update("DELETE FROM printing.printers WHERE printer_id = ?", printerId);
			this.redis.delete(this.keys.agentLease(printerId));
		}
		this.gauges.refresh();
	}

	@Test
	void printersStateJobsAndOutSinceComeFromTheRegistryAndTheLedger() {
		String pool = TestData.unique("gauges");
		String up = printer("up", pool, "UP", null);
		Instant disabledAt = Instant.parse("2026-03-01T09:30:00Z");
		String disabled = printer("disabled", pool, "DISABLED", disabledAt);
		// at most one unconfirmed job per printer (invariant 8, enforced by the ledger)
		job(up, "QUEUED", false);
		job(up, "PRINTING", false);
		job(up, "PRINTED", false);
		job(up, "QUEUED", false);

		this.gauges.refresh();

		assertThat(value("eventops.print.registry.printer.state", up)).isEqualTo(0);
		assertThat(value("eventops.print.registry.printer.state", disabled)).isEqualTo(3);
		assertThat(value("eventops.print.registry.printer.jobs", up)).isEqualTo(3);
		assertThat(value("eventops.print.registry.printer.jobs", disabled)).isZero();
		assertThat(value("eventops.print.registry.printer.out.since", disabled)).isEqualTo(disabledAt.getEpochSecond());
		assertThat(this.registry.find("eventops.print.registry.printer.out.since").tag("printer", up).gauge())
			.as("an UP printer is not out")
			.isNull();

		this.jdbc.update("UPDATE printing.printers SET state = 'DOWN', down_since = now() WHERE printer_id = ?", up);
		this.jdbc.update("DELETE FROM printing.print_jobs WHERE printer_id = ?", disabled);
		this.jdbc.update("DELETE FROM printing.printers WHERE printer_id = ?", disabled);
		this.gauges.refresh();

		assertThat(value("eventops.print.registry.printer.state", up)).isEqualTo(2);
		assertThat(value("eventops.print.registry.printer.out.since", up)).isCloseTo(Instant.now().getEpochSecond(),
				within(30.0));
		assertThat(this.registry.find("eventops.print.registry.printer.state").tag("printer", disabled).gauge())
			.as("a removed printer's series goes away")
			.isNull();
	}

	@Test
	void unknownOutcomesAndPossibleDuplicatesAreCountedInTheLedgerAndPublished() {
		String pool = TestData.unique("gauges");
		String printer = printer("p", pool, "UP", null);
		double unknownBefore = scraped("eventops_print_jobs_unknown_outcome");
		double duplicatesBefore = scraped("eventops_print_jobs_possible_duplicates");

		// at most one unconfirmed job per printer (invariant 8, enforced by the ledger)
		job(printer, "UNKNOWN_OUTCOME", false);
		job(printer("q", pool, "UP", null), "UNKNOWN_OUTCOME", true);
		job(printer, "PRINTED", true);
		this.gauges.refresh();

		assertThat(scraped("eventops_print_jobs_unknown_outcome")).isEqualTo(unknownBefore + 2);
		assertThat(scraped("eventops_print_jobs_possible_duplicates")).isEqualTo(duplicatesBefore + 2);
		String labels = "printer=\"" + printer + "\"";
		assertThat(scraped("eventops_print_registry_printer_state", labels)).isZero();
		assertThat(scraped("eventops_print_registry_printer_jobs", labels)).isEqualTo(1);
	}

	private String printer(String name, String pool, String state, Instant downSince) {
		String printerId = TestData.unique(name);
		this.printers.add(printerId);
		// another replica's agent holds it: this replica neither probes nor dispatches it
		this.redis.opsForValue().set(this.keys.agentLease(printerId), "another-replica", Duration.ofMinutes(5));
		this.jdbc.update("""
				INSERT INTO printing.printers (printer_id, host, port, pool, state, down_since)
				VALUES (?, '127.0.0.1', 9, ?, ?, ?)""", printerId, pool, state,
				(downSince != null) ? Timestamp.from(downSince) : null);
		return printerId;
	}

	private void job(String printerId, String state, boolean possibleDuplicate) {
		this.jdbc.update("""
				INSERT INTO printing.print_jobs (job_id, attendee_id, event_id, credential_version, printer_pool,
				  display_name, printer_id, state, possible_duplicate, created_at, confirmed_by)
				SELECT ?, ?, 'evt-gauges', 1, pool, 'Ada', printer_id, ?, ?, now(),
				  CASE WHEN ? = 'PRINTED' THEN 'LABEL_COUNTER' END
				FROM printing.printers WHERE printer_id = ?""", UUID.randomUUID(), TestData.unique("att"), state,
				possibleDuplicate, state, printerId);
	}

	private double value(String gauge, String printerId) {
		return this.registry.get(gauge).tag("printer", printerId).gauge().value();
	}

	private double scraped(String name) {
		return scraped(name, "");
	}

	// the series of a meter whose labels contain the given text
	private double scraped(String name, String label) {
		// metrics are served on the management port only (contract)
		return new HttpTestClient(this.managementPort).text("/actuator/prometheus")
			.lines()
			.filter((line) -> line.startsWith(name + " ") || line.startsWith(name + "{"))
			.filter((line) -> line.contains(label))
			.mapToDouble((line) -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no " + name + " with " + label));
	}

}
