package io.eventops.orchestrator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.eventops.orchestrator.TestData.BadgeJob;
import io.eventops.printer.virtual.PrintedLabel;
import io.eventops.printer.virtual.VirtualPrinter;
import io.eventops.printer.virtual.VirtualPrinterConfig;
import org.assertj.core.api.SoftAssertions;
import org.awaitility.core.ConditionFactory;

import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A print floor for one test: virtual printers on ephemeral ports registered through the
 * admin API, badge jobs created as the reconciler creates them, and the exactly-once
 * check over what the printers really printed.
 */
public final class PrintFloor implements AutoCloseable {

	private final HttpTestClient http;

	private final JdbcTemplate jdbc;

	private final StringRedisTemplate redis;

	private final String keyPrefix;

	private final List<VirtualPrinter> printers = new ArrayList<>();

	private final Map<VirtualPrinter, String> ids = new HashMap<>();

	public PrintFloor(int port, JdbcTemplate jdbc, StringRedisTemplate redis, String keyPrefix) {
		this.http = new HttpTestClient(port);
		this.jdbc = jdbc;
		this.redis = redis;
		this.keyPrefix = keyPrefix;
	}

	public static ConditionFactory eventually() {
		return await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50));
	}

	public HttpTestClient http() {
		return this.http;
	}

	public JdbcTemplate jdbc() {
		return this.jdbc;
	}

	public StringRedisTemplate redis() {
		return this.redis;
	}

	public String key(String name) {
		return this.keyPrefix + name;
	}

	/**
	 * Starts a virtual printer on an ephemeral port.
	 * @param name its name (the printer id is made unique from it)
	 * @param labelTime time per label
	 * @return the printer
	 */
	public VirtualPrinter start(String name, Duration labelTime) {
		try {
			VirtualPrinter printer = VirtualPrinter
				.start(VirtualPrinterConfig.named(TestData.unique(name)).withLabelTime(labelTime).withLogLabels(false));
			this.printers.add(printer);
			return printer;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Starts an older virtual printer without the label counter (its getvar answers "?"),
	 * confirmed by the ~HS fallback.
	 * @param name its name (the printer id is made unique from it)
	 * @param labelTime time per label
	 * @return the printer
	 */
	public VirtualPrinter startWithoutCounter(String name, Duration labelTime) {
		return startWithoutCounter(name, labelTime, 0);
	}

	/**
	 * Starts an older virtual printer without the label counter on a given port.
	 * @param name its name (the printer id is made unique from it)
	 * @param labelTime time per label
	 * @param port the port, 0 for an ephemeral one
	 * @return the printer
	 */
	public VirtualPrinter startWithoutCounter(String name, Duration labelTime, int port) {
		try {
			VirtualPrinter printer = VirtualPrinter.start(VirtualPrinterConfig.named(TestData.unique(name))
				.withLabelTime(labelTime)
				.withLogLabels(false)
				.withOdometer(false)
				.withPort(port));
			this.printers.add(printer);
			return printer;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * What proved a job out, as the ledger recorded it.
	 * @param job the job
	 * @return LABEL_COUNTER, HOST_STATUS, or null when not PRINTED
	 */
	public String confirmedBy(BadgeJob job) {
		return this.jdbc.queryForObject("SELECT confirmed_by FROM printing.print_jobs WHERE job_id = ?", String.class,
				job.jobId());
	}

	/**
	 * How many labels one job came out as, on some printers.
	 * @param job the job
	 * @param printers the printers
	 * @return how many
	 */
	public static long labelsOf(BadgeJob job, VirtualPrinter... printers) {
		return labels(printers).stream().filter((label) -> label.jobId().equals(job.jobId().toString())).count();
	}

	/**
	 * Registers a printer through the API and waits until its probes made it UP.
	 * @param printer the printer
	 * @param pool its pool
	 * @return its printer id
	 */
	public String register(VirtualPrinter printer, String pool) {
		String printerId = printer.name();
		HttpTestClient.Response response = this.http.postJson("/admin/v1/printers", HttpTestClient.admin(),
				Map.of("printerId", printerId, "host", printer.host(), "port", printer.port(), "pool", pool));
		assertThat(response.status()).as(response.toString()).isEqualTo(201);
		this.ids.put(printer, printerId);
		awaitState(printerId, "UP");
		return printerId;
	}

	public String id(VirtualPrinter printer) {
		return this.ids.get(printer);
	}

	public String state(String printerId) {
		return this.jdbc.queryForObject("SELECT state FROM printing.printers WHERE printer_id = ?", String.class,
				printerId);
	}

	public void awaitState(String printerId, String state) {
		eventually().until(() -> state.equals(state(printerId)));
	}

	public List<BadgeJob> jobs(String pool, int count) {
		return TestData.badgeJobs(this.jdbc, pool, count);
	}

	/**
	 * The ledger rows of some jobs.
	 * @param jobs the jobs
	 * @return their rows by job id
	 */
	public Map<UUID, LedgerRow> ledger(List<BadgeJob> jobs) {
		UUID[] jobIds = jobs.stream().map(BadgeJob::jobId).toArray(UUID[]::new);
		return this.jdbc
			.query("SELECT job_id, state, printer_id, attempts, possible_duplicate FROM printing.print_jobs"
					+ " WHERE job_id = ANY (?)",
					(rs, row) -> new LedgerRow(rs.getObject("job_id", UUID.class), rs.getString("state"),
							rs.getString("printer_id"), rs.getInt("attempts"), rs.getBoolean("possible_duplicate")),
					(Object) jobIds)
			.stream()
			.collect(Collectors.toMap(LedgerRow::jobId, Function.identity()));
	}

	public long countInState(List<BadgeJob> jobs, String state) {
		return ledger(jobs).values().stream().filter((row) -> row.state().equals(state)).count();
	}

	public void awaitAllPrinted(List<BadgeJob> jobs) {
		eventually().until(() -> countInState(jobs, "PRINTED") == jobs.size());
	}

	/**
	 * Traced badge labels (probe prints excluded) of some printers.
	 * @param printers the printers
	 * @return their labels
	 */
	public static List<PrintedLabel> labels(VirtualPrinter... printers) {
		return Arrays.stream(printers)
			.flatMap((printer) -> printer.printedLabels().stream())
			.filter((label) -> !label.jobId().isEmpty())
			.toList();
	}

	/**
	 * Asserts the two promises over what the printers really printed: every job printed
	 * (nothing lost), and exactly once unless the ledger flags it possibleDuplicate, then
	 * at most twice (nothing duplicated, invariant 8).
	 * @param jobs the jobs
	 * @param printers every printer that may have printed them
	 */
	public void assertEachPrintedOnce(List<BadgeJob> jobs, VirtualPrinter... printers) {
		Map<String, List<PrintedLabel>> byJob = labels(printers).stream()
			.collect(Collectors.groupingBy(PrintedLabel::jobId));
		Map<UUID, LedgerRow> rows = ledger(jobs);
		SoftAssertions softly = new SoftAssertions();
		for (BadgeJob job : jobs) {
			List<PrintedLabel> printed = byJob.getOrDefault(job.jobId().toString(), List.of());
			LedgerRow row = rows.get(job.jobId());
			softly.assertThat(row.state()).as("ledger state of %s", job).isEqualTo("PRINTED");
			softly.assertThat(printed).as("labels of %s", job).isNotEmpty();
			softly.assertThat(printed)
				.as("labels of %s", job)
				.allSatisfy((label) -> assertThat(label.attendeeId()).isEqualTo(job.attendeeId()));
			if (row.possibleDuplicate()) {
				softly.assertThat(printed)
					.as("labels of %s (flagged possibleDuplicate)", job)
					.hasSizeLessThanOrEqualTo(2);
			}
			else {
				softly.assertThat(printed).as("labels of %s", job).hasSize(1);
			}
		}
		Set<String> known = jobs.stream().map((job) -> job.jobId().toString()).collect(Collectors.toSet());
		softly.assertThat(byJob.keySet()).as("labels of jobs this test did not create").isSubsetOf(known);
		softly.assertAll();
	}

	@Override
	public void close() {
		this.printers.forEach(VirtualPrinter::close);
	}

	/**
	 * One ledger row.
	 *
	 * @param jobId the job
	 * @param state its state
	 * @param printerId its printer
	 * @param attempts sends so far
	 * @param possibleDuplicate the flag
	 */
	public record LedgerRow(UUID jobId, String state, String printerId, int attempts, boolean possibleDuplicate) {
	}

}
