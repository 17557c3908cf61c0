package io.eventops.printer.client;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.eventops.printer.virtual.PrintedLabel;
import io.eventops.printer.virtual.VirtualPrinter;
import io.eventops.printer.virtual.VirtualPrinterConfig;
import io.eventops.printer.zpl.LabelSize;
import io.eventops.printer.zpl.TestBadges;
import io.eventops.printer.zpl.ZplBadgeRenderer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class PrintConfirmationTests {

	private static final ClientSettings TIMEOUTS = new ClientSettings(Duration.ofSeconds(1), Duration.ofMillis(800));

	private static final ConfirmationPolicy PATIENT = new ConfirmationPolicy(Duration.ofSeconds(5),
			Duration.ofMillis(20));

	private final ExecutorService background = Executors.newSingleThreadExecutor();

	private VirtualPrinter printer;

	private ZebraClient client;

	@AfterEach
	void stop() {
		this.background.shutdownNow();
		if (this.printer != null) {
			this.printer.close();
		}
	}

	@Test
	void isPrintedOnlyOnceThePrinterReportsTheLabelOut() throws IOException {
		start(Duration.ofMillis(150));

		PrintResult result = this.client.print(badge("job-1"), PATIENT);

		assertThat(result.outcome()).isEqualTo(PrintOutcome.PRINTED);
		assertThat(result.lastStatus().idle()).isTrue();
		assertThat(this.printer.printedLabels()).singleElement().satisfies((label) -> {
			assertThat(label.jobId()).isEqualTo("job-1");
			assertThat(label.attendeeId()).isEqualTo("att_9f3ac210");
			assertThat(label.credentialVersion()).isEqualTo(2);
		});
	}

	@Test
	void printsOneLabelAfterAnotherOnTheSamePrinter() throws IOException {
		start(Duration.ofMillis(30));

		for (int i = 1; i <= 3; i++) {
			assertThat(this.client.print(badge("job-" + i), PATIENT).printed()).isTrue();
		}

		assertThat(this.printer.printedLabels()).extracting(PrintedLabel::jobId)
			.containsExactly("job-1", "job-2", "job-3");
	}

	@Test
	void waitsForASlowPrinter() throws IOException {
		start(Duration.ofMillis(10));
		this.printer.slow(Duration.ofMillis(600));

		PrintResult result = this.client.print(badge("job-1"), PATIENT);

		assertThat(result.outcome()).isEqualTo(PrintOutcome.PRINTED);
		assertThat(this.printer.printedLabels()).hasSize(1);
	}

	@Test
	void isNotSentToADeadPrinter() throws IOException {
		start(Duration.ofMillis(50));
		this.printer.die();

		PrintResult result = this.client.print(badge("job-1"), PATIENT);

		assertThat(result.outcome()).isEqualTo(PrintOutcome.NOT_SENT);
		assertThat(result.lastStatus().reachable()).isFalse();
	}

	@Test
	void isNotSentToAPrinterOutOfPaper() throws IOException {
		start(Duration.ofMillis(50));
		this.printer.paperOut();

		PrintResult result = this.client.print(badge("job-1"), PATIENT);

		assertThat(result.outcome()).isEqualTo(PrintOutcome.NOT_SENT);
		assertThat(result.lastStatus().paperOut()).isTrue();
		assertThat(this.printer.state().formatsInBuffer()).isZero();
	}

	@Test
	void isNotSentWhileAnEarlierFormatIsStillBuffered() throws IOException {
		start(Duration.ofSeconds(30));
		this.client.send(badge("earlier"));

		PrintResult result = this.client.print(badge("job-1"), PATIENT);

		assertThat(result.outcome()).isEqualTo(PrintOutcome.NOT_SENT);
		assertThat(result.detail()).contains("busy");
		assertThat(this.printer.state().formatsInBuffer()).isOne();
	}

	@Test
	void printerDyingMidLabelLeavesTheOutcomeUnknown() throws IOException {
		start(Duration.ofSeconds(30));
		CompletableFuture<PrintResult> result = printInBackground(PATIENT);
		whilePrinting().until(() -> this.printer.state().labelsRemaining() == 1);

		this.printer.die();

		assertThat(result.join().outcome()).isEqualTo(PrintOutcome.UNKNOWN);
		assertThat(result.join().lastStatus().reachable()).isFalse();
		assertThat(this.printer.printedLabels()).isEmpty();
	}

	@Test
	void jammedLabelIsUnknownWhenTheTimeoutRunsOut() throws IOException {
		start(Duration.ofMillis(50));
		this.printer.jam();

		PrintResult result = this.client.print(badge("job-1"),
				new ConfirmationPolicy(Duration.ofMillis(600), Duration.ofMillis(20)));

		assertThat(result.outcome()).isEqualTo(PrintOutcome.UNKNOWN);
		assertThat(result.detail()).contains("did not move");
		assertThat(result.lastStatus().labelsRemaining()).isOne();
		assertThat(this.printer.printedLabels()).isEmpty();
	}

	@Test
	void paperRunningOutMidLabelIsUnknownAndTheLabelFollowsOnceReloaded() throws IOException {
		start(Duration.ofSeconds(1));
		CompletableFuture<PrintResult> result = printInBackground(PATIENT);
		whilePrinting().until(() -> this.printer.state().labelsRemaining() == 1);

		this.printer.paperOut();

		assertThat(result.join().outcome()).isEqualTo(PrintOutcome.UNKNOWN);
		assertThat(result.join().lastStatus().paperOut()).isTrue();
		assertThat(this.printer.printedLabels()).isEmpty();
		this.printer.clear();
		await().atMost(Duration.ofSeconds(5)).until(() -> this.printer.printedLabels().size() == 1);
	}

	@Test
	void headOpeningMidLabelIsUnknown() throws IOException {
		start(Duration.ofSeconds(1));
		CompletableFuture<PrintResult> result = printInBackground(PATIENT);
		whilePrinting().until(() -> this.printer.state().labelsRemaining() == 1);

		this.printer.headOpen();

		assertThat(result.join().outcome()).isEqualTo(PrintOutcome.UNKNOWN);
		assertThat(result.join().lastStatus().headOpen()).isTrue();
		assertThat(this.printer.printedLabels()).isEmpty();
	}

	@Test
	void networkBlipMidLabelIsConfirmedByTheCounterOnceReconnected() throws IOException {
		start(Duration.ofSeconds(1));
		CompletableFuture<PrintResult> result = printInBackground(PATIENT);
		whilePrinting().until(() -> this.printer.state().labelsRemaining() == 1);

		this.printer.blip(Duration.ofMillis(300));

		assertThat(result.join().outcome()).isEqualTo(PrintOutcome.PRINTED);
		assertThat(result.join().confirmedBy()).isEqualTo(ConfirmationMode.LABEL_COUNTER);
		assertThat(result.join().labelCountBefore()).isZero();
		assertThat(result.join().labelCountAfter()).isOne();
		assertThat(this.printer.printedLabels()).hasSize(1);
	}

	@Test
	void isConfirmedByTheLabelCounterWhenThePrinterHasOne() throws IOException {
		start(Duration.ofMillis(50));

		PrintResult result = this.client.print(badge("job-1"), PATIENT);

		assertThat(result.confirmedBy()).isEqualTo(ConfirmationMode.LABEL_COUNTER);
		assertThat(result.labelCountAfter() - result.labelCountBefore()).isOne();
	}

	@Test
	void jamClearedWithCancelIsDroppedAndNeverConfirmed() throws IOException {
		start(Duration.ofMillis(50));
		this.printer.jam();
		CompletableFuture<PrintResult> result = printInBackground(PATIENT);
		whilePrinting().until(() -> this.printer.state().jammed());

		this.printer.cancel();

		assertThat(result.join().outcome()).isEqualTo(PrintOutcome.DROPPED);
		assertThat(result.join().labelCountAfter()).isEqualTo(result.join().labelCountBefore());
		assertThat(this.printer.printedLabels()).isEmpty();
	}

	@Test
	void swallowedFormatIsDroppedAndNeverConfirmed() throws IOException {
		start(Duration.ofMillis(100));
		this.printer.swallowNext();

		PrintResult result = this.client.print(badge("job-1"), PATIENT);

		assertThat(result.outcome()).isEqualTo(PrintOutcome.DROPPED);
		assertThat(this.printer.printedLabels()).isEmpty();
	}

	@Test
	void restartMidLabelIsDroppedOnceThePrinterIsBackWithItsCounterUnmoved() throws IOException {
		start(Duration.ofSeconds(1));
		CompletableFuture<PrintResult> result = printInBackground(PATIENT);
		whilePrinting().until(() -> this.printer.state().labelsRemaining() == 1);

		this.printer.restart(Duration.ofMillis(300));

		assertThat(result.join().outcome()).isEqualTo(PrintOutcome.DROPPED);
		assertThat(this.printer.printedLabels()).isEmpty();
	}

	@Test
	void withoutTheCounterABlipMidLabelVoidsTheBusySeenAndABusyAfterItConfirms() throws IOException {
		startWithoutCounter(Duration.ofSeconds(1));
		CompletableFuture<PrintResult> result = printInBackground(PATIENT);
		whilePrinting().until(() -> this.printer.state().labelsRemaining() == 1);

		this.printer.blip(Duration.ofMillis(200));

		assertThat(result.join().outcome()).isEqualTo(PrintOutcome.PRINTED);
		assertThat(result.join().confirmedBy()).isEqualTo(ConfirmationMode.HOST_STATUS);
		assertThat(this.printer.printedLabels()).hasSize(1);
	}

	@Test
	void withoutTheCounterARestartMidLabelIsNeverConfirmed() throws IOException {
		startWithoutCounter(Duration.ofSeconds(1));
		CompletableFuture<PrintResult> result = printInBackground(
				new ConfirmationPolicy(Duration.ofSeconds(2), Duration.ofMillis(20)));
		whilePrinting().until(() -> this.printer.state().labelsRemaining() == 1);

		this.printer.restart(Duration.ofMillis(200));

		assertThat(result.join().outcome()).isEqualTo(PrintOutcome.UNKNOWN);
		assertThat(this.printer.printedLabels()).isEmpty();
	}

	@Test
	void withoutTheCounterAFormatCancelledDuringAPauseIsNeverConfirmed() throws IOException {
		startWithoutCounter(Duration.ofSeconds(1));
		CompletableFuture<PrintResult> result = printInBackground(
				new ConfirmationPolicy(Duration.ofSeconds(2), Duration.ofMillis(20)));
		whilePrinting().until(() -> this.printer.state().labelsRemaining() == 1);
		this.printer.pause();
		// paused for several polls, so that the confirmation reads the pause
		await().during(Duration.ofMillis(150)).atMost(Duration.ofSeconds(1)).until(() -> !result.isDone());

		this.printer.cancel();
		this.printer.resume();

		assertThat(result.join().outcome()).isEqualTo(PrintOutcome.UNKNOWN);
		assertThat(this.printer.printedLabels()).isEmpty();
	}

	@Test
	void cancelAllWaitsUntilTheConfirmationIsOver() throws Exception {
		// a jammed label: a ~JA let through mid-confirmation would drop it, and the
		// confirmation would end DROPPED instead of running out of time
		start(Duration.ofMillis(50));
		this.printer.jam();
		CompletableFuture<PrintResult> result = printInBackground(
				new ConfirmationPolicy(Duration.ofMillis(800), Duration.ofMillis(20)));
		whilePrinting().until(() -> this.printer.state().jammed());

		CompletableFuture<Void> cancelled = CompletableFuture.runAsync(() -> {
			try {
				this.client.cancelAll();
			}
			catch (IOException ex) {
				throw new IllegalStateException(ex);
			}
		});

		assertThat(result.join().outcome()).isEqualTo(PrintOutcome.UNKNOWN);
		assertThat(result.join().detail()).contains("did not move");
		cancelled.join();
		await().atMost(Duration.ofSeconds(5)).until(() -> this.printer.state().formatsInBuffer() == 0);
		assertThat(this.printer.printedLabels()).isEmpty();
	}

	@Test
	void aFenceRefusingBeforeTheSendSendsNothing() throws IOException {
		start(Duration.ofMillis(50));
		List<Long> recorded = new ArrayList<>();

		PrintResult result = this.client.print(badge("job-1"), PATIENT, ConfirmationMode.LABEL_COUNTER,
				fence((count) -> {
					recorded.add(count);
					return false;
				}, () -> true));

		assertThat(result.outcome()).isEqualTo(PrintOutcome.NOT_SENT);
		assertThat(recorded).containsExactly(0L);
		assertThat(this.printer.state().formatsInBuffer()).isZero();
		assertThat(this.printer.printedLabels()).isEmpty();
	}

	@Test
	void aConfirmationNoLongerAssignedIsAbandonedAsUnknown() throws IOException {
		start(Duration.ofSeconds(30));
		AtomicBoolean assigned = new AtomicBoolean(true);
		CompletableFuture<PrintResult> result = CompletableFuture.supplyAsync(() -> this.client.print(badge("job-1"),
				PATIENT, ConfirmationMode.LABEL_COUNTER, fence((count) -> true, assigned::get)), this.background);
		whilePrinting().until(() -> this.printer.state().labelsRemaining() == 1);

		assigned.set(false);

		assertThat(result.join().outcome()).isEqualTo(PrintOutcome.UNKNOWN);
		assertThat(result.join().detail()).contains("abandoned");
	}

	@Test
	void pauseOutlastingTheTimeoutIsUnknown() throws IOException {
		start(Duration.ofSeconds(1));
		CompletableFuture<PrintResult> result = printInBackground(
				new ConfirmationPolicy(Duration.ofMillis(800), Duration.ofMillis(20)));
		whilePrinting().until(() -> this.printer.state().labelsRemaining() == 1);

		this.printer.pause();

		assertThat(result.join().outcome()).isEqualTo(PrintOutcome.UNKNOWN);
		assertThat(result.join().lastStatus().paused()).isTrue();
		assertThat(this.printer.printedLabels()).isEmpty();
	}

	@Test
	void shortPauseIsWaitedOut() throws IOException {
		start(Duration.ofSeconds(1));
		CompletableFuture<PrintResult> result = printInBackground(PATIENT);
		whilePrinting().until(() -> this.printer.state().labelsRemaining() == 1);

		this.printer.pause();
		await().during(Duration.ofMillis(200)).atMost(Duration.ofSeconds(1)).until(() -> !result.isDone());
		this.printer.resume();

		assertThat(result.join().outcome()).isEqualTo(PrintOutcome.PRINTED);
		assertThat(this.printer.printedLabels()).hasSize(1);
	}

	private void start(Duration labelTime) throws IOException {
		this.printer = VirtualPrinter
			.start(VirtualPrinterConfig.named("confirm-test").withLabelTime(labelTime).withLogLabels(false));
		this.client = new ZebraClient(new PrinterAddress("127.0.0.1", this.printer.port()), TIMEOUTS);
	}

	private void startWithoutCounter(Duration labelTime) throws IOException {
		this.printer = VirtualPrinter.start(VirtualPrinterConfig.named("confirm-test")
			.withLabelTime(labelTime)
			.withLogLabels(false)
			.withOdometer(false));
		this.client = new ZebraClient(new PrinterAddress("127.0.0.1", this.printer.port()), TIMEOUTS);
	}

	private static PrintFence fence(Predicate<Long> beforeSend, BooleanSupplier stillAssigned) {
		return new PrintFence() {

			@Override
			public boolean beforeSend(Long labelCountBefore) {
				return beforeSend.test(labelCountBefore);
			}

			@Override
			public boolean stillAssigned() {
				return stillAssigned.getAsBoolean();
			}

		};
	}

	private CompletableFuture<PrintResult> printInBackground(ConfirmationPolicy policy) {
		return CompletableFuture.supplyAsync(() -> this.client.print(badge("job-1"), policy), this.background);
	}

	private static ConditionFactory whilePrinting() {
		return await().pollInterval(Duration.ofMillis(5)).atMost(Duration.ofSeconds(5));
	}

	private static String badge(String jobId) {
		return ZplBadgeRenderer.render(TestBadges.badge().jobId(jobId).build(), LabelSize.BADGE_203_DPI);
	}

}
